import { useId } from 'react';
import { useDirectory, useFilterField } from './directory-context.js';

/**
 * The live search box and its form: items are filtered on every keystroke; the form also works
 * without a script, as a plain GET the server answers with the same filter.
 */
export function LiveSearch() {
  const { filters } = useDirectory();
  const search = useFilterField('search');
  const id = useId();
  return (
    <form className="dir-search" role="search" method="get" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id}>Search the directory</label>
      <div className="dir-search__row">
        <input
          id={id}
          name="search"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => filters.setSearch(event.target.value)}
        />
        <button type="submit">Search</button>
      </div>
    </form>
  );
}
