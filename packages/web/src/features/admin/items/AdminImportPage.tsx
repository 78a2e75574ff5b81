import { useId } from 'react';
import { usePageContext, usePageData } from '../../../shared/page-context.js';
import './admin-items.css';

/**
 * Items from a CSV file: a dry run reports every bad row (its line and why) before anything is
 * written; the import writes every row in one transaction, or none when any row is bad.
 */
export function AdminImportPage() {
  const data = usePageData('admin-import');
  const { formNonce } = usePageContext();
  const id = useId();
  if (!data) return null;
  const { report, errors } = data;
  return (
    <section className="panel admin-import" aria-labelledby={`${id}-title`}>
      <p>
        <a href="/admin/items">Back to the items</a>
      </p>
      <h1 id={`${id}-title`}>Import items</h1>
      <p>
        A CSV file with a header line naming its columns, out of: <code>{data.columns.join(', ')}</code>.{' '}
        <code>list</code> (a list's number, as in the export) and <code>title</code> are needed; <code>paid</code> and{' '}
        <code>featured</code> are 1 or 0 (0 when the column is left out). The export writes exactly this shape.
      </p>
      <div role="status" aria-live="polite">
        {report && report.problems.length === 0 && (
          <p className="form-sent">
            {report.dryRun
              ? `Dry run: all ${report.rows} rows are good. Nothing was written yet.`
              : `${report.imported} items are imported.`}
          </p>
        )}
      </div>
      {report && report.problems.length > 0 && (
        <div role="alert" className="admin-import__problems">
          <p>
            {report.problems.length} of {report.rows} rows are refused; nothing was written. Correct them and try again.
          </p>
          <ul aria-label="Refused rows">
            {report.problems.map((problem) => (
              <li key={problem.row}>
                Row {problem.row}: {problem.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <form method="post" action="/admin/items/import" encType="multipart/form-data" className="admin-item__form">
        <input type="hidden" name="_wpnonce" value={formNonce} />
        <div className="form-field">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${id}-file-error` : undefined}
          />
          {errors.file && (
            <p id={`${id}-file-error`} className="form-error">
              {errors.file}
            </p>
          )}
        </div>
        <div className="admin-items__actions">
          <button type="submit" name="mode" value="dry">
            Check the file (dry run)
          </button>
          <button type="submit" name="mode" value="import">
            Import
          </button>
        </div>
      </form>
    </section>
  );
}
