import { usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { AccountField, FormAlert } from './AccountField.js';
import './accounts.css';

/** The reset link's page: a new password for the account. */
export function ResetPasswordPage() {
  const data = usePageData('reset-password');
  if (!data) return null;
  return (
    <section className="panel account" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <FormAlert error={data.errors.form} />
      <ProtectedForm
        action="/account/reset"
        className="account__form"
        labelledBy="reset-title"
        submitLabel="Save the new password"
      >
        <input type="hidden" name="token" value={data.token} />
        <AccountField
          id="reset-password"
          name="password"
          type="password"
          label="New password"
          autoComplete="new-password"
          hint="At least 10 characters; not one of the most common passwords."
          error={data.errors.password}
        />
      </ProtectedForm>
    </section>
  );
}
