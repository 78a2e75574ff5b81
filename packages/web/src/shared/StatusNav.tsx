import './status-nav.css';

export interface StatusNavProps<S extends string> {
  /** The navigation's accessible name, e.g. "Review status". */
  label: string;
  /** The admin page's address; each status is `?status=<status>` on it. */
  path: string;
  order: readonly S[];
  names: Record<S, string>;
  counts: Record<S, number>;
  current: S;
  /** The feature's own class on the list, for its layout and its tests. */
  className: string;
}

/**
 * The status links of an administrators' queue (reviews, listings): one link per status with
 * its count, the shown one marked as the current page. Plain links, so they work without a script.
 */
export function StatusNav<S extends string>({
  label,
  path,
  order,
  names,
  counts,
  current,
  className,
}: StatusNavProps<S>) {
  return (
    <nav aria-label={label}>
      <ul className={`status-nav ${className}`}>
        {order.map((status) => (
          <li key={status}>
            <a href={`${path}?status=${status}`} aria-current={status === current ? 'page' : undefined}>
              {names[status]} ({counts[status]})
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
