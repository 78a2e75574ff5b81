import { useId } from 'react';
import type { OwnerItemValues } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../../shared/page-context.js';
import { DoneNote } from '../../../shared/DoneNote.js';
import '../back-office/back-office.css';

const FIELDS: { name: keyof OwnerItemValues; label: string; type?: string; multiline?: boolean; hint?: string }[] = [
  { name: 'title', label: 'Name of the business (required)' },
  { name: 'subtitle', label: 'Subtitle' },
  { name: 'address', label: 'Address' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'hours', label: 'Opening hours' },
  { name: 'url', label: 'Website', type: 'url', hint: 'Starting with https:// or http://' },
  {
    name: 'description',
    label: 'Description',
    multiline: true,
    hint: 'Plain text or simple HTML (paragraphs, lists, links); anything else is removed.',
  },
];

/** An approved owner edits their item's public fields. */
export function OwnerItemPage() {
  const data = usePageData('owner-item');
  const { formNonce } = usePageContext();
  const id = useId();
  if (!data) return null;
  const { errors, values } = data;
  return (
    <section className="panel bo-page bo-owner" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Edit “{values.title}”</h1>
      <p>
        <a href={`/items/${data.itemId}`}>See the business page</a>
      </p>
      <DoneNote message={data.done} />
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <form method="post" action={`/items/${data.itemId}/edit`} className="bo-owner__form">
        <input type="hidden" name="_wpnonce" value={formNonce} />
        {FIELDS.map((field) => {
          const error = errors[field.name];
          const describedBy =
            [field.hint && `${id}-${field.name}-hint`, error && `${id}-${field.name}-error`]
              .filter(Boolean)
              .join(' ') || undefined;
          const common = {
            id: `${id}-${field.name}`,
            name: field.name,
            defaultValue: values[field.name],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy,
          };
          return (
            <div className="form-field" key={field.name}>
              <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
              {field.hint && (
                <span className="form-hint" id={`${id}-${field.name}-hint`}>
                  {field.hint}
                </span>
              )}
              {field.multiline ? (
                <textarea {...common} rows={8} />
              ) : (
                <input {...common} type={field.type ?? 'text'} required={field.name === 'title'} />
              )}
              {error && (
                <span className="form-error" id={`${id}-${field.name}-error`}>
                  {error}
                </span>
              )}
            </div>
          );
        })}
        <button type="submit">Save the changes</button>
      </form>
    </section>
  );
}
