import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';

export interface ReorderableRow {
  id: number;
  name: string;
}

/**
 * Rows an editor puts in order, by dragging a row or with its Move up and Move down buttons
 * (the keyboard's way, and the way without a pointer). Each move is saved at once and said in
 * the page's live region. The buttons are classic forms too, carrying the order they make, so
 * they work before and without the script.
 */
export function Reorderable<R extends ReorderableRow>({
  rows: initialRows,
  label,
  action,
  nonce,
  announce,
  renderRow,
  className,
}: {
  rows: R[];
  /** What the rows are, for the list's name ("Categories"). */
  label: string;
  /** Where the order is posted. */
  action: string;
  nonce: string;
  announce: (message: string) => void;
  renderRow: (row: R) => ReactNode;
  className?: string;
}) {
  // The page's data is the starting order; from then on this list owns it (a classic post loads a new page).
  const [rows, setRows] = useState(initialRows);
  const [dragged, setDragged] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);

  // A moved row's button keeps the focus, or its other button once it reached an end.
  useEffect(() => {
    const key = refocus.current;
    if (!key) return;
    refocus.current = null;
    const button = buttons.current.get(key);
    const other = buttons.current.get(
      key.endsWith(':up') ? key.replace(/:up$/, ':down') : key.replace(/:down$/, ':up'),
    );
    (button && !button.disabled ? button : other)?.focus();
  }, [rows]);

  const orderAfter = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    if (row) next.splice(to, 0, row);
    return next;
  };

  const move = async (from: number, to: number, focusKey: string | null) => {
    if (to < 0 || to >= rows.length || from === to) return;
    const next = orderAfter(from, to);
    const row = rows[from];
    refocus.current = focusKey;
    setRows(next);
    if (row) announce(`${row.name} moved to position ${to + 1} of ${next.length}.`);
    const saved = await fetch(action, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ _wpnonce: nonce, order: next.map((r) => r.id).join(',') }),
    })
      .then((response) => response.ok)
      .catch(() => false);
    if (!saved) announce('The new order could not be saved: the page is out of date. Please reload it.');
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = rows.findIndex((row) => row.id === dragged);
    setDragged(null);
    if (from !== -1) void move(from, to, null);
  };

  const moveForm = (row: R, index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const key = `${row.id}:${direction}`;
    const outside = to < 0 || to >= rows.length;
    return (
      <form
        method="post"
        action={action}
        onSubmit={(event) => {
          event.preventDefault();
          void move(index, to, key);
        }}
      >
        <input type="hidden" name="_wpnonce" value={nonce} />
        <input
          type="hidden"
          name="order"
          value={
            outside
              ? ''
              : orderAfter(index, to)
                  .map((r) => r.id)
                  .join(',')
          }
        />
        <button
          ref={(element) => {
            if (element) buttons.current.set(key, element);
            else buttons.current.delete(key);
          }}
          type="submit"
          className="bo-small"
          disabled={outside}
          aria-label={`Move ${row.name} ${direction}`}
        >
          {direction === 'up' ? '↑ Up' : '↓ Down'}
        </button>
      </form>
    );
  };

  return (
    <ol className={`bo-order ${className ?? ''}`} aria-label={label}>
      {rows.map((row, index) => (
        <li
          key={row.id}
          className="bo-order__row"
          data-dragging={dragged === row.id ? '' : undefined}
          draggable
          onDragStart={(event) => {
            event.stopPropagation();
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(row.id));
            setDragged(row.id);
          }}
          onDragEnd={() => setDragged(null)}
          onDragOver={(event) => {
            if (dragged !== null) event.preventDefault();
          }}
          onDrop={(event) => onDrop(event, index)}
        >
          <span className="bo-order__grip" aria-hidden="true">
            ⠿
          </span>
          <div className="bo-order__body">{renderRow(row)}</div>
          <div className="bo-actions bo-order__moves">
            {moveForm(row, index, 'up')}
            {moveForm(row, index, 'down')}
          </div>
        </li>
      ))}
    </ol>
  );
}
