import { isEmailFormat } from '@waymark/protocol';
import { isDisposableDomain } from './disposable.js';
import type { MailDomainState } from './mx.js';
import { suggestCorrection } from './typos.js';

export type EmailCheckResult = 'EXISTS' | 'NOT_EXISTS' | 'MX_FAIL' | 'MX_ERROR';

export interface EmailCheck {
  result: EmailCheckResult;
  /** The sentence for the hover text. */
  text: string;
  suggestion?: string;
}

/**
 * Judges an address from its format, the throwaway-domain list and DNS. A DNS failure is
 * MX_ERROR ("could not check"), which the page shows as unknown and which never blocks a form.
 */
export async function checkEmail(
  email: string,
  lookup: (domain: string) => Promise<MailDomainState>,
): Promise<EmailCheck> {
  const address = email.trim();
  if (!isEmailFormat(address)) return { result: 'NOT_EXISTS', text: 'This is not an e-mail address.' };
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const suggestion = suggestCorrection(address);
  const hint = suggestion ? ` Did you mean ${suggestion}?` : '';
  const withSuggestion = suggestion ? { suggestion } : {};

  if (isDisposableDomain(domain)) {
    return {
      result: 'NOT_EXISTS',
      text: `Addresses at ${domain} are disposable and are not accepted.`,
      ...withSuggestion,
    };
  }
  switch (await lookup(domain)) {
    case 'accepts-mail':
      return { result: 'EXISTS', text: `The address looks deliverable.${hint}`, ...withSuggestion };
    case 'no-mail':
      return { result: 'MX_FAIL', text: `The domain ${domain} cannot receive e-mail.${hint}`, ...withSuggestion };
    case 'unknown':
      return { result: 'MX_ERROR', text: `The address could not be checked right now.${hint}`, ...withSuggestion };
  }
}
