import type { ReactNode } from 'react';
import { usePageContext } from './page-context.js';
import { ShieldFields } from './ShieldFields.js';
import type { ProtectedFormState, SendStatus } from './use-protected-form.js';

/**
 * A form the spam shield protects: it posts to `action` as a classic form (so it works before and
 * without scripts), with the page's form nonce, the shield's fields and one submit button. Given
 * the state of `useProtectedForm`, it is sent through the shield's request layer instead, with the
 * form's error above it and the thank-you message or failure below it.
 */
export function ProtectedForm({
  action,
  className,
  labelledBy,
  submitLabel,
  sending,
  children,
}: {
  action: string;
  className: string;
  labelledBy?: string;
  submitLabel: string;
  sending?: ProtectedFormState;
  children: ReactNode;
}) {
  const { formNonce } = usePageContext();
  const busy = sending?.status.kind === 'sending';
  return (
    <>
      {sending?.errors.form && (
        <p className="form-error" role="alert">
          {sending.errors.form}
        </p>
      )}
      <form
        method="post"
        action={action}
        className={className}
        aria-labelledby={labelledBy}
        data-shield-protect=""
        aria-busy={sending ? busy : undefined}
        onSubmit={sending?.submit}
      >
        <input type="hidden" name="_wpnonce" value={formNonce} />
        {children}
        <ShieldFields />
        <button type="submit">{busy ? 'Sending…' : submitLabel}</button>
      </form>
      {sending && <SendStatusNote status={sending.status} failed={sending.failed} />}
    </>
  );
}

/** The thank-you message in a live region, and the failure as an alert. */
function SendStatusNote({ status, failed }: { status: SendStatus; failed: string }) {
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
