import { CALLS } from '@waymark/protocol/plain';
import { useShield, type CallSpec } from '@waymark/shield/react';
import { useId, useState } from 'react';

type Area = { kind: 'empty' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; html: string };

/** Cleans an answer's HTML; the cleaner loads with the first answer, not with the page. */
async function clean(html: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html);
}

/** The HTML of an item area: the server escapes it, and it was cleaned again in the browser. */
function AreaView({ area, id, label }: { area: Area; id: string; label: string }) {
  return (
    <div id={id} className="admin-item__area" aria-live="polite" aria-label={label} role="region">
      {area.kind === 'loading' && <p>Loading…</p>}
      {area.kind === 'failed' && <p className="form-error">The items could not be loaded. Please try again.</p>}
      {area.kind === 'ready' && <div dangerouslySetInnerHTML={{ __html: area.html }} />}
    </div>
  );
}

/**
 * The item form's two look-ups: the category selector, which reloads the item area with that
 * category's items, and the claim-list selector, which shows one list's items (none chosen
 * clears its area).
 */
export function ItemLookups({
  categories,
  lists,
}: {
  categories: { id: number; slug: string; name: string }[];
  lists: { id: number; title: string }[];
}) {
  const { request } = useShield();
  const id = useId();
  const [categoryArea, setCategoryArea] = useState<Area>({ kind: 'empty' });
  const [listArea, setListArea] = useState<Area>({ kind: 'empty' });

  const load = (set: (area: Area) => void, call: CallSpec, fields: Record<string, string>) => {
    set({ kind: 'loading' });
    request(call, fields)
      .then(async (answer) =>
        set(typeof answer === 'string' ? { kind: 'ready', html: await clean(answer) } : { kind: 'failed' }),
      )
      .catch(() => set({ kind: 'failed' }));
  };

  return (
    <>
      <div className="form-field">
        <label htmlFor={`${id}-cat`}>Items of a category</label>
        <select
          id={`${id}-cat`}
          defaultValue=""
          onChange={(event) =>
            event.target.value
              ? load(setCategoryArea, CALLS.categoryFilter, { cat: event.target.value })
              : setCategoryArea({ kind: 'empty' })
          }
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
        <AreaView area={categoryArea} id={`${id}-cat-items`} label="The category's items" />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-claim`}>Claim list</label>
        <select
          id={`${id}-claim`}
          defaultValue=""
          onChange={(event) =>
            event.target.value
              ? load(setListArea, CALLS.showListItem, { listid: event.target.value })
              : setListArea({ kind: 'empty' })
          }
        >
          <option value="">No list</option>
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.title}
            </option>
          ))}
        </select>
        <AreaView area={listArea} id={`${id}-claim-items`} label="The claim list's items" />
      </div>
    </>
  );
}
