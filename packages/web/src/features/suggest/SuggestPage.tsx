import { CALLS, suggestItem, type SuggestionValues } from '@waymark/protocol';
import { useId } from 'react';
import { usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { useProtectedForm } from '../../shared/use-protected-form.js';
import './suggest.css';

const FAILED = 'The suggestion could not be sent. Please try again in a moment.';

const FIELDS: { name: keyof SuggestionValues; label: string; type?: string; required?: boolean; hint?: string }[] = [
  { name: 'name', label: 'Name of the place', required: true },
  { name: 'address', label: 'Street address', required: true },
  { name: 'website', label: 'Website', type: 'url', hint: 'Starting with https:// or http://' },
  { name: 'email', label: 'Contact e-mail', type: 'email' },
];

/**
 * "Suggest a place": a visitor proposes a business. The form goes through the spam shield's
 * request layer; without a script it posts to the same address as a classic form.
 */
export function SuggestPage() {
  const data = usePageData('suggest');
  const id = useId();
  const sending = useProtectedForm({
    call: CALLS.suggestItem,
    answer: suggestItem.response,
    failed: FAILED,
    sent: data?.sent ?? null,
    errors: data?.errors ?? {},
  });
  const { errors } = sending;

  const describedBy = (name: string, hint?: string) =>
    [hint && `${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <section className="panel suggest" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Suggest a place</h1>
      <p>Know a business that belongs in the directory? Tell us about it and we will review it.</p>
      <ProtectedForm action="/suggest" className="suggest__form" submitLabel="Send suggestion" sending={sending}>
        {FIELDS.map((field) => (
          <div className="form-field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>
              {field.label}
              {field.required ? ' (required)' : ''}
            </label>
            {field.hint && (
              <span className="form-hint" id={`${id}-${field.name}-hint`}>
                {field.hint}
              </span>
            )}
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type ?? 'text'}
              required={field.required}
              defaultValue={data?.values[field.name] ?? ''}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={describedBy(field.name, field.hint)}
            />
            {errors[field.name] && (
              <span className="form-error" id={`${id}-${field.name}-error`}>
                {errors[field.name]}
              </span>
            )}
          </div>
        ))}
        <div className="form-field">
          <label htmlFor={`${id}-note`}>Why should it be listed?</label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={4}
            defaultValue={data?.values.note ?? ''}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy('note')}
          />
          {errors.note && (
            <span className="form-error" id={`${id}-note-error`}>
              {errors.note}
            </span>
          )}
        </div>
      </ProtectedForm>
    </section>
  );
}
