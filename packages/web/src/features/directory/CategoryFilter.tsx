import { ChoiceSelect } from './ChoiceSelect.js';
import { useDirectory, useFilterField } from './directory-context.js';

const ALL = 'all';

/**
 * The category filter: links on wide screens and a dropdown on narrow ones, both driving the
 * one filter store. One is active; "All" shows every list. The links also work without a
 * script, as addresses the server answers with the same filter.
 */
export function CategoryFilter() {
  const { model, filters } = useDirectory();
  const category = useFilterField('category');
  const choose = (id: number | null) => filters.setCategory(id);
  const links = [{ id: null, slug: '', name: 'All' }, ...model.categories];
  return (
    <div className="dir-categories">
      <nav className="dir-categories__links dir-variant--desktop" aria-label="Categories">
        <ul>
          {links.map((c) => (
            <li key={c.slug || ALL}>
              <a
                href={c.id === null ? '?' : `?category=${encodeURIComponent(c.slug)}`}
                aria-current={category === c.id ? 'true' : undefined}
                className={category === c.id ? 'is-active' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  choose(c.id);
                }}
              >
                {c.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ChoiceSelect
        className="dir-variant--mobile"
        label="Category"
        value={category === null ? ALL : String(category)}
        placeholder="All"
        choices={links.map((c) => ({ value: c.id === null ? ALL : String(c.id), label: c.name }))}
        onChange={(value) => choose(value === ALL ? null : Number(value))}
      />
    </div>
  );
}
