import { ChoiceSelect } from './ChoiceSelect.js';
import { useDirectory, useFilterField } from './directory-context.js';

const ALL = '__all__';

/**
 * Tag chips (toggle buttons) on wide screens and a tag dropdown on narrow ones. "All" clears the
 * chosen tags; with the inclusive setting an item needs every chosen tag, otherwise any one.
 */
export function TagFilter() {
  const { model, filters, settings } = useDirectory();
  const tags = useFilterField('tags');
  const dropdownValue = tags.length === 0 ? ALL : tags.length === 1 ? (tags[0] ?? '') : '';
  return (
    <div className="dir-tags">
      <div
        className="dir-tags__chips dir-variant--desktop"
        role="group"
        aria-label={
          settings.inclusiveTagFilter ? 'Filter by tags (every chosen tag)' : 'Filter by tags (any chosen tag)'
        }
      >
        <button type="button" className="dir-chip" aria-pressed={tags.length === 0} onClick={() => filters.clearTags()}>
          All
        </button>
        {model.tags.map((tag) => (
          <button
            key={tag}
            type="button"
            className="dir-chip"
            aria-pressed={tags.includes(tag)}
            onClick={() => filters.toggleTag(tag)}
          >
            {tag}
          </button>
        ))}
      </div>
      <ChoiceSelect
        className="dir-variant--mobile"
        label="Tag"
        value={dropdownValue}
        placeholder="Several tags"
        choices={[{ value: ALL, label: 'All tags' }, ...model.tags.map((tag) => ({ value: tag, label: tag }))]}
        onChange={(value) => filters.chooseTag(value === ALL ? '' : value)}
      />
    </div>
  );
}
