/** A labelled field of an account form, with its error tied to it. */
export function AccountField({
  id,
  name,
  label,
  type = 'text',
  autoComplete,
  error,
  hint,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  error?: string | undefined;
  hint?: string;
  defaultValue?: string;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="account__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </>
  );
}

/** The form-wide error (an expired form, a refusal), read out when the page opens with it. */
export function FormAlert({ error }: { error: string | undefined }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}
