import { usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { AccountField, FormAlert } from './AccountField.js';
import './accounts.css';

/** A member's account: the address and whether it is confirmed, a new password, and deleting it. */
export function AccountPage() {
  const data = usePageData('account');
  if (!data) return null;
  const { errors } = data;
  return (
    <section className="panel account" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <div role="status">{data.message && <p className="form-sent">{data.message}</p>}</div>
      <FormAlert error={errors.form} />
      <p>
        {data.name}, {data.email}{' '}
        {data.verified ? '(confirmed)' : '(not confirmed yet: open the link we sent you to write to owners)'}
      </p>
      <p>
        <a href="/bookmarks">Your favourites</a>
      </p>

      <h2 id="account-password">Change your password</h2>
      <ProtectedForm
        action="/account/password"
        className="account__form"
        labelledBy="account-password"
        submitLabel="Change password"
      >
        <AccountField
          id="account-current"
          name="current"
          type="password"
          label="Current password"
          autoComplete="current-password"
          error={errors.current}
        />
        <AccountField
          id="account-new"
          name="password"
          type="password"
          label="New password"
          autoComplete="new-password"
          error={errors.password}
        />
      </ProtectedForm>

      {data.deletable && (
        <>
          <h2 id="account-delete">Delete your account</h2>
          <p>Your account and your favourites are deleted at once; this cannot be undone.</p>
          <ProtectedForm
            action="/account/delete"
            className="account__form"
            labelledBy="account-delete"
            submitLabel="Delete my account"
          >
            <AccountField
              id="account-confirm"
              name="confirm"
              type="password"
              label="Your password, to confirm"
              autoComplete="current-password"
              error={errors.confirm}
            />
          </ProtectedForm>
        </>
      )}
    </section>
  );
}
