import { CALLS } from '@waymark/protocol';
import { CaptchaField } from '../../shared/CaptchaField.js';
import { usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { AccountField, FormAlert } from './AccountField.js';
import './accounts.css';

/** Registration: name, e-mail, password and the captcha, as a classic form the shield protects. */
export function RegisterPage() {
  const data = usePageData('register');
  if (!data) return null;
  const { errors } = data;
  return (
    <section className="panel account" aria-labelledby="register-title">
      <h1 id="register-title">Make an account</h1>
      {data.done ? (
        <>
          <p role="status" className="form-sent">
            {data.done}
          </p>
          <p>
            <a href="/login">Sign in</a>
          </p>
        </>
      ) : (
        <>
          <p>With an account you keep your favourite places and write to their owners.</p>
          <FormAlert error={errors.form} />
          <ProtectedForm
            action="/register"
            className="account__form"
            labelledBy="register-title"
            submitLabel="Make my account"
          >
            <AccountField
              id="register-name"
              name="name"
              label="Your name"
              autoComplete="name"
              error={errors.name}
              defaultValue={data.values.name}
            />
            <AccountField
              id="email"
              name="email"
              type="email"
              label="E-mail address"
              autoComplete="email"
              error={errors.email}
              defaultValue={data.values.email}
            />
            <AccountField
              id="register-password"
              name="password"
              type="password"
              label="Password"
              autoComplete="new-password"
              hint="At least 10 characters; not one of the most common passwords."
              error={errors.password}
            />
            {data.captcha && (
              <CaptchaField
                call={CALLS.registerCaptchaChange}
                initial={data.captcha}
                inputId="register-captcha"
                invalid={Boolean(errors.captcha)}
                describedBy={errors.captcha ? 'register-captcha-error' : undefined}
                byEmail="e-mail me a link instead, and make my account when I open it."
              />
            )}
            {errors.captcha && (
              <p id="register-captcha-error" className="form-error">
                {errors.captcha}
              </p>
            )}
          </ProtectedForm>
          <p>
            Have an account already? <a href="/login">Sign in</a>
          </p>
        </>
      )}
    </section>
  );
}
