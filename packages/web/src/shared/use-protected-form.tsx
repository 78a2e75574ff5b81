import { RequestError, useShield, type CallSpec } from '@waymark/shield/react';
import { useState, type FormEvent } from 'react';

export type SendStatus =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed' };

/** Errors of the call's fields from a refused answer (`params`), by field name. */
function paramErrors(error: unknown): Record<string, string> {
  if (!(error instanceof RequestError) || typeof error.body !== 'object' || error.body === null) return {};
  const params = (error.body as { params?: unknown }).params;
  return typeof params === 'object' && params !== null ? (params as Record<string, string>) : {};
}

/**
 * A form the spam shield protects, sent through its request layer: the sending state, the
 * thank-you message, and the errors of a refused answer by field. A block opens the shield's
 * block modal with the server's message and leaves the form as it was.
 */
export function useProtectedForm<Answer extends { message: string }>(
  call: CallSpec,
  initial: { sent: string | null; errors: Record<string, string> },
  onSent?: (answer: Answer) => void,
) {
  const shield = useShield();
  const [status, setStatus] = useState<SendStatus>(
    initial.sent ? { kind: 'sent', message: initial.sent } : { kind: 'idle' },
  );
  const [errors, setErrors] = useState(initial.errors);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The button stays enabled, so focus stays on it and comes back to it after the block modal.
    if (status.kind === 'sending') return;
    const form = event.currentTarget;
    setStatus({ kind: 'sending' });
    setErrors({});
    try {
      const answer = (await shield.submit(call, form)) as Answer;
      form.reset();
      onSent?.(answer);
      setStatus({ kind: 'sent', message: answer.message });
    } catch (error) {
      if (error instanceof RequestError && error.block) return setStatus({ kind: 'idle' });
      setErrors(paramErrors(error));
      setStatus({ kind: 'failed' });
    }
  }

  return { status, errors, submit };
}

/** The thank-you message in a live region, and the failure as an alert. */
export function SendStatusNote({ status, failed }: { status: SendStatus; failed: string }) {
  return (
    <>
      <div role="status" className="form-status">
        {status.kind === 'sent' && <p className="form-sent">{status.message}</p>}
      </div>
      {status.kind === 'failed' && (
        <p className="form-error" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}
