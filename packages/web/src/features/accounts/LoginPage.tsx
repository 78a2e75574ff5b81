import { useId } from 'react';
import { usePageContext, usePageData } from '../../app/page-context.js';
import { ShieldFields } from '../../app/ShieldFields.js';

/** Sign-in for existing users: a classic form post, so it works before and without scripts. */
export function LoginPage() {
  const { formNonce } = usePageContext();
  const data = usePageData('login');
  const errorId = useId();
  const next = data?.next ?? '/';
  const error = data?.error ?? null;
  return (
    <section className="login" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <form method="post" action="/login" className="login__form" data-shield-protect="">
        <input type="hidden" name="_wpnonce" value={formNonce} />
        <input type="hidden" name="next" value={next} />
        <label htmlFor="login-email">E-mail address</label>
        <input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={data?.email ?? ''}
          aria-describedby={error ? errorId : undefined}
        />
        <label htmlFor="login-password">Password</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        <ShieldFields />
        <button type="submit">Sign in</button>
      </form>
    </section>
  );
}
