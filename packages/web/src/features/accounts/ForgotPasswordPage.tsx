import { usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { AccountField, FormAlert } from './AccountField.js';
import './accounts.css';

/** "Forgot your password?": the address the reset link goes to. */
export function ForgotPasswordPage() {
  const data = usePageData('forgot-password');
  if (!data) return null;
  return (
    <section className="panel account" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <div role="status">{data.done && <p className="form-sent">{data.done}</p>}</div>
      {!data.done && (
        <>
          <p>Give the address of your account; we send it a link to choose a new password.</p>
          <FormAlert error={data.errors.form} />
          <ProtectedForm
            action="/account/forgot"
            className="account__form"
            labelledBy="forgot-title"
            submitLabel="Send me a link"
          >
            <AccountField
              id="email"
              name="email"
              type="email"
              label="E-mail address"
              autoComplete="email"
              error={data.errors.email}
            />
          </ProtectedForm>
        </>
      )}
    </section>
  );
}
