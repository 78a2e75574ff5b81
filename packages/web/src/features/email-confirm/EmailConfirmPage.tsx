import { usePageContext, usePageData } from '../../shared/page-context.js';

/**
 * An e-mailed link, opened: what it will do and the one button that does it. The link itself
 * changes nothing, so a mail scanner that follows it confirms nothing.
 */
export function EmailConfirmPage() {
  const data = usePageData('email-confirm');
  const { formNonce } = usePageContext();
  if (!data) return null;
  return (
    <section className="panel email-confirm" aria-labelledby="confirm-title">
      <h1 id="confirm-title">Confirm by e-mail</h1>
      {data.error && (
        <p className="form-error" role="alert">
          {data.error}
        </p>
      )}
      <p>You opened the link we e-mailed you. One more step: press the button.</p>
      <form method="post" action="/confirm" aria-labelledby="confirm-title">
        <input type="hidden" name="_wpnonce" value={formNonce} />
        <input type="hidden" name="token" value={data.token} />
        <button type="submit">{data.action}</button>
      </form>
    </section>
  );
}
