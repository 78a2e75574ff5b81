import { RequestError, useShield, type CallSpec } from '@waymark/shield/react';
import { useState, type FormEvent } from 'react';

export type SendStatus =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed' };

/** A call's answer schema: the protocol's zod schema, or anything that parses as one. */
export interface AnswerSchema<Answer> {
  parse(value: unknown): Answer;
}

/** What a form sent through the request layer shows: its state, its errors and its submit handler. */
export interface ProtectedFormState {
  status: SendStatus;
  /** Field name (or `form`) to message. */
  errors: Record<string, string>;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
  /** The alert shown when the call fails. */
  failed: string;
}

/** Errors of the call's fields from a refused answer (`params`), by field name. */
function paramErrors(error: unknown): Record<string, string> {
  if (!(error instanceof RequestError) || typeof error.body !== 'object' || error.body === null) return {};
  const params = (error.body as { params?: unknown }).params;
  return typeof params === 'object' && params !== null ? (params as Record<string, string>) : {};
}

/**
 * A form the spam shield protects, sent through its request layer: the sending state, the
 * thank-you message, and the errors of a refused answer by field. The answer is read with the
 * call's schema. A block opens the shield's block modal with the server's message and leaves
 * the form as it was.
 */
export function useProtectedForm<Answer extends { message: string }>(options: {
  /** The call's address, from the protocol. */
  call: CallSpec;
  /** The call's answer schema, from the protocol. */
  answer: AnswerSchema<Answer>;
  /** The alert shown when the call fails. */
  failed: string;
  /** The thank-you message and the errors a classic post left. */
  sent: string | null;
  errors: Record<string, string>;
  onSent?: (answer: Answer) => void;
}): ProtectedFormState {
  const { call, answer: schema, failed, onSent } = options;
  const shield = useShield();
  const [status, setStatus] = useState<SendStatus>(
    options.sent ? { kind: 'sent', message: options.sent } : { kind: 'idle' },
  );
  const [errors, setErrors] = useState(options.errors);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The button stays enabled, so focus stays on it and comes back to it after the block modal.
    if (status.kind === 'sending') return;
    const form = event.currentTarget;
    setStatus({ kind: 'sending' });
    setErrors({});
    try {
      const answer = schema.parse(await shield.submit(call, form));
      form.reset();
      onSent?.(answer);
      setStatus({ kind: 'sent', message: answer.message });
    } catch (error) {
      if (error instanceof RequestError && error.block) return setStatus({ kind: 'idle' });
      setErrors(paramErrors(error));
      setStatus({ kind: 'failed' });
    }
  }

  return { status, errors, submit, failed };
}
