import { CALLS } from '@waymark/protocol';
import { useId } from 'react';
import { CaptchaField } from '../../shared/CaptchaField.js';
import { usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';

/**
 * Sign-in for existing users: a classic form post, so it works before and without scripts, with
 * the captcha when the form's setting asks for it (always, or once the spam shield doubted).
 */
export function LoginPage() {
  const data = usePageData('login');
  const errorId = useId();
  const captchaErrorId = useId();
  const next = data?.next ?? '/';
  const error = data?.error ?? null;
  const captchaError = data?.captchaError ?? null;
  return (
    <section className="login" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <ProtectedForm action="/login" className="login__form" submitLabel="Sign in">
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
        {data?.captcha && (
          <CaptchaField
            call={CALLS.loginCaptchaChange}
            initial={data.captcha}
            inputId="login-captcha"
            invalid={Boolean(captchaError)}
            describedBy={captchaError ? captchaErrorId : undefined}
          />
        )}
        {captchaError && (
          <p id={captchaErrorId} className="form-error" role="alert">
            {captchaError}
          </p>
        )}
      </ProtectedForm>
      {data?.captcha && (
        <p className="login__by-email">
          Cannot read the picture?{' '}
          <a href={`/login/email-link?next=${encodeURIComponent(next)}`}>Sign in with a link we e-mail you</a>, with no
          picture and no password.
        </p>
      )}
      <p>
        <a href="/account/forgot">Forgot your password?</a> · <a href="/register">Make an account</a>
      </p>
    </section>
  );
}
