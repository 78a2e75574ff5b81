import { useId } from 'react';
import type { SettingsField } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../../shared/page-context.js';
import { AdminLayout } from '../AdminLayout.js';
import { DoneNote, ErrorNote } from '../../../shared/DoneNote.js';
import '../back-office/back-office.css';
import '../../../shared/status-nav.css';
import './settings.css';

/**
 * One settings object's form, as the server made it from the object's schema, with the
 * schema's complaint by each field it refused. The objects are links above it.
 */
export function AdminSettingsPage() {
  const data = usePageData('admin-settings');
  const { formNonce } = usePageContext();
  const id = useId();
  if (!data) return null;
  const { errors } = data;
  const fieldNames = new Set(allNames(data.fields));
  const loose = Object.entries(errors)
    .filter(([name]) => !fieldNames.has(name))
    .map(([, message]) => message);
  return (
    <AdminLayout current="settings">
      <section className="panel bo-page bo-settings" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Settings</h1>
        <nav aria-label="Settings objects">
          <ul className="status-nav bo-settings__objects">
            {data.objects.map((object) => (
              <li key={object.key}>
                <a
                  href={`/admin/settings/${object.key}`}
                  aria-current={object.key === data.current.key ? 'page' : undefined}
                >
                  {object.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <DoneNote message={data.done} />
        {Object.keys(errors).length > 0 && (
          <p className="form-error" role="alert">
            Nothing was saved: {Object.keys(errors).length === 1 ? 'one field needs' : 'some fields need'} a change.
          </p>
        )}
        <ErrorNote errors={loose} />
        <form method="post" action={`/admin/settings/${data.current.key}`} className="bo-settings__form" noValidate>
          <h2>{data.current.label}</h2>
          <input type="hidden" name="_wpnonce" value={formNonce} />
          {data.fields.map((field) => (
            <Field key={field.name} field={field} errors={errors} />
          ))}
          <button type="submit" className="bo-settings__save">
            Save the {data.current.label.toLowerCase()} settings
          </button>
        </form>
      </section>
    </AdminLayout>
  );
}

const allNames = (fields: SettingsField[]): string[] =>
  fields.flatMap((field) => (field.kind === 'group' ? allNames(field.fields) : [field.name]));

function Field({ field, errors }: { field: SettingsField; errors: Record<string, string> }) {
  const id = `setting-${field.name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const error = errors[field.name];
  const hint = hintOf(field);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const note = (
    <>
      {hint && (
        <span className="form-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="form-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </>
  );

  switch (field.kind) {
    case 'group':
      return (
        <fieldset className="bo-settings__group">
          <legend>{field.label}</legend>
          {field.fields.map((inner) => (
            <Field key={inner.name} field={inner} errors={errors} />
          ))}
        </fieldset>
      );
    case 'boolean':
      return (
        <div className="form-field bo-settings__check">
          <input
            type="checkbox"
            id={id}
            name={field.name}
            value="on"
            defaultChecked={field.value}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
          <label htmlFor={id}>{field.label}</label>
          {note}
        </div>
      );
    case 'choices':
      return (
        <fieldset className="bo-settings__group" aria-describedby={describedBy}>
          <legend>{field.label}</legend>
          {field.options.map((option) => (
            <div className="bo-settings__check" key={option}>
              <input
                type="checkbox"
                id={`${id}-${option}`}
                name={field.name}
                value={option}
                defaultChecked={field.value.includes(option)}
              />
              <label htmlFor={`${id}-${option}`}>{option}</label>
            </div>
          ))}
          {note}
        </fieldset>
      );
    case 'select':
      return (
        <div className="form-field">
          <label htmlFor={id}>{field.label}</label>
          <select
            id={id}
            name={field.name}
            defaultValue={field.value}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          >
            {field.optional && <option value="">(the site's default)</option>}
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {note}
        </div>
      );
    case 'number':
      return (
        <div className="form-field">
          <label htmlFor={id}>{field.label}</label>
          <input
            type="number"
            id={id}
            name={field.name}
            defaultValue={field.value}
            min={field.min}
            max={field.max}
            step={field.integer ? 1 : 'any'}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
          {note}
        </div>
      );
    case 'lines':
    case 'json':
      return (
        <div className="form-field">
          <label htmlFor={id}>{field.label}</label>
          <textarea
            id={id}
            name={field.name}
            defaultValue={field.value}
            rows={field.kind === 'json' ? 8 : 4}
            spellCheck={false}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
          {note}
        </div>
      );
    case 'text':
      return (
        <div className="form-field">
          <label htmlFor={id}>{field.label}</label>
          {field.multiline ? (
            <textarea
              id={id}
              name={field.name}
              defaultValue={field.value}
              rows={3}
              maxLength={field.maxLength}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          ) : (
            <input
              type="text"
              id={id}
              name={field.name}
              defaultValue={field.value}
              maxLength={field.maxLength}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          )}
          {note}
        </div>
      );
  }
}

/** What the field takes, when the control alone does not say. */
function hintOf(field: SettingsField): string | undefined {
  switch (field.kind) {
    case 'number':
      if (field.min !== undefined && field.max !== undefined) {
        const range = `${field.integer ? 'A whole number' : 'A number'} from ${field.min} to ${field.max}`;
        return field.optional ? `${range}, or empty for the site's default.` : `${range}.`;
      }
      return undefined;
    case 'lines':
      return 'One a line.';
    case 'json':
      return 'A JSON list of records.';
    case 'text':
      return field.options?.length ? `${field.options.join(', ')}, or a number.` : undefined;
    default:
      return undefined;
  }
}
