import './done-note.css';

/**
 * What the last change did, in a live region that is on the page from the first paint, so a
 * screen reader announces a message placed in it later (a reorder) as well as the one a page
 * came back with.
 */
export function DoneNote({ message }: { message: string | null }) {
  return (
    <div role="status" className="done-note">
      {message && <p className="form-sent">{message}</p>}
    </div>
  );
}

/** Errors the server sent for the whole form or for rows the page shows no field of. */
export function ErrorNote({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="form-error">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
