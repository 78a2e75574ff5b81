import { usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { AccountField, FormAlert } from './AccountField.js';
import './accounts.css';

/**
 * Signing in without the picture (WCAG 2.2's 3.3.8, accessible authentication): the account's
 * address gets a one-time link that signs its owner in, with no picture and no password.
 */
export function LoginLinkPage() {
  const data = usePageData('login-link');
  if (!data) return null;
  return (
    <section className="panel account" aria-labelledby="login-link-title">
      <h1 id="login-link-title">Sign in with an e-mailed link</h1>
      <div role="status">{data.done && <p className="form-sent">{data.done}</p>}</div>
      {!data.done && (
        <>
          <p>Give the address of your account; we send it a link that signs you in. No picture, no password.</p>
          <FormAlert error={data.error ?? undefined} />
          <ProtectedForm
            action="/login/email-link"
            className="account__form"
            labelledBy="login-link-title"
            submitLabel="E-mail me a sign-in link"
          >
            <input type="hidden" name="next" value={data.next} />
            <AccountField
              id="email"
              name="email"
              type="email"
              label="E-mail address"
              autoComplete="username"
              defaultValue={data.email}
            />
          </ProtectedForm>
        </>
      )}
      <p>
        <a href="/login">Back to sign-in</a>
      </p>
    </section>
  );
}
