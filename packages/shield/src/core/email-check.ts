import { ANTISPAM_CALLS, SIGNAL } from '@waymark/protocol/plain';
import { on, pub, str } from './config.js';
import type { Scope } from './events.js';
import type { Requester } from './request.js';
import type { Store } from './store.js';

/**
 * The e-mail checks on forms (spec sections 2, 4 and 5). On blur of an e-mail field the format is
 * checked here first; only a new, well-formed address goes to the server. "Before post" keeps
 * its results in `ct_checked_emails`; "exists" shows an icon after the field (load, then good or
 * bad, with the server's sentence beside it) and keeps results in
 * `ct_checked_emails_exist`. An emptied field loses its icon.
 */

export const EMAIL_CHECK_CALL = ANTISPAM_CALLS.emailCheckBeforePost;
export const EMAIL_EXIST_CALL = ANTISPAM_CALLS.emailCheckExistPost;

/** The protocol's format rule (packages/protocol/src/email-format.ts), kept here free of zod. */
const FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailFormat = (value: string): boolean => value.length <= 320 && FORMAT.test(value);

type Checked = Record<string, { result: string; text_result?: string; timestamp: number }>;
type State = 'load' | 'good' | 'bad';
const ICON: Record<State, [string, string]> = { load: ['…', '#6b7280'], good: ['✓', '#15803d'], bad: ['✗', '#b91c1c'] };
const LOADING = 'Checking the e-mail address…';
const INDICATOR = 'apbct-email-indicator';

const isEmailField = (target: EventTarget | null): target is HTMLInputElement =>
  target instanceof HTMLInputElement && (target.type === 'email' || /e-?mail/i.test(target.name));

function indicatorOf(input: HTMLInputElement): HTMLElement | null {
  const next = input.nextElementSibling;
  return next instanceof HTMLElement && next.classList.contains(INDICATOR) ? next : null;
}

/** The field's description ids, with the indicator's added or taken away. */
function describe(input: HTMLInputElement, id: string, add: boolean): void {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((x) => x && x !== id);
  if (add) ids.push(id);
  if (ids.length) input.setAttribute('aria-describedby', ids.join(' '));
  else input.removeAttribute('aria-describedby');
}

function removeIndicator(input: HTMLInputElement): void {
  const note = indicatorOf(input);
  if (!note) return;
  describe(input, note.id, false);
  note.remove();
}

let notes = 0;

/**
 * *Waymark:* the state is a line of text under the field, glyph and sentence together, and the
 * field's description, so touch and screen-reader users read what a hover tooltip only hinted.
 */
function showIndicator(input: HTMLInputElement, state: State, description: string): void {
  let note = indicatorOf(input);
  if (!note) {
    note = document.createElement('span');
    note.className = INDICATOR;
    note.id = `${INDICATOR}-${++notes}`;
    note.setAttribute('role', 'status');
    note.style.cssText = 'display:flex;gap:.4em;margin-top:.25em;font-size:.875em';
    input.after(note);
    describe(input, note.id, true);
  }
  const [glyph, color] = ICON[state];
  const mark = document.createElement('b');
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = glyph;
  note.dataset.state = state;
  note.style.color = color;
  note.replaceChildren(mark, description);
}

export interface EmailCheckDeps {
  store: Store;
  scope: Scope;
  request: Requester;
}

const resultOf = (answer: unknown): { result: string; text_result: string } => {
  const inner = (answer as { result?: { result?: unknown; text_result?: unknown } } | null)?.result;
  return { result: str(inner?.result), text_result: str(inner?.text_result) };
};

async function checkBeforePost(email: string, { store, request }: EmailCheckDeps): Promise<void> {
  if ((store.get(SIGNAL.checkedEmails) as Checked | undefined)?.[email]) return;
  try {
    const answer = (await request(EMAIL_CHECK_CALL, { email })) as { result?: Record<string, { result?: unknown }> };
    const result = answer?.result?.[email]?.result;
    if (typeof result !== 'string') return;
    const checked = (store.get(SIGNAL.checkedEmails) as Checked | undefined) ?? {};
    store.set(SIGNAL.checkedEmails, { ...checked, [email]: { result, timestamp: Date.now() } });
  } catch {
    // A failed check never stands in the form's way.
  }
}

async function checkExists(input: HTMLInputElement, email: string, { store, request }: EmailCheckDeps): Promise<void> {
  const known = (store.get(SIGNAL.checkedEmailsExist) as Checked | undefined)?.[email];
  const show = (result: string, text: string) =>
    showIndicator(input, result === 'EXISTS' ? 'good' : 'bad', text || result);
  if (known) return show(known.result, known.text_result ?? '');
  showIndicator(input, 'load', LOADING);
  try {
    const { result, text_result } = resultOf(await request(EMAIL_EXIST_CALL, { email }));
    if (input.value.trim() !== email) return;
    if (!result) return removeIndicator(input);
    const checked = (store.get(SIGNAL.checkedEmailsExist) as Checked | undefined) ?? {};
    store.set(SIGNAL.checkedEmailsExist, { ...checked, [email]: { result, text_result, timestamp: Date.now() } });
    show(result, text_result);
  } catch {
    if (input.value.trim() === email) removeIndicator(input);
  }
}

/** Watches the e-mail fields of one wired form. */
export function watchEmails(form: HTMLFormElement, deps: EmailCheckDeps): void {
  // `blur` does not bubble; the scope listens in the capture phase.
  deps.scope.listen(form, ['blur'], (event) => {
    if (!isEmailField(event.target)) return;
    const input = event.target;
    const email = input.value.trim();
    const exists = on(pub().data__email_check_exist_post);
    if (!isEmailFormat(email)) {
      if (exists) removeIndicator(input);
      return;
    }
    if (exists) void checkExists(input, email, deps);
    if (on(pub().data__email_check_before_post)) void checkBeforePost(email, deps);
  });
  deps.scope.listen(form, ['input'], (event) => {
    if (isEmailField(event.target) && event.target.value.trim() === '') removeIndicator(event.target);
  });
}
