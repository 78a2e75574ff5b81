// @vitest-environment happy-dom
import { directorySettings, type CompactItem, type DirectoryData } from '@waymark/protocol';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createDirectoryStores } from '../../../src/features/directory/create-stores.js';
import { DirectoryProvider } from '../../../src/features/directory/directory-context.js';
import { DirectoryItemCard } from '../../../src/features/directory/DirectoryItemCard.js';
import { FeaturedWidget } from '../../../src/features/directory/FeaturedWidget.js';
import { fixture } from './directory-fixture.js';

/** The fixture with its items' marks replaced: `[paid, featured]` by item id, else neither. */
function marked(marks: Record<number, [paid: boolean, featured: boolean]>): DirectoryData {
  const data = fixture();
  data.items = data.items.map((item): CompactItem => {
    const [paid, featured] = marks[item[0]] ?? [false, false];
    const copy: CompactItem = [...item];
    copy[12] = paid ? 1 : 0;
    copy[19] = featured ? 1 : 0;
    return copy;
  });
  return data;
}

/** Renders inside the directory's context, as the home page does (upvotes off: no shield here). */
function render(directory: DirectoryData, node: (stores: ReturnType<typeof createDirectoryStores>) => ReactNode) {
  const settings = directorySettings.schema.parse({ upvotes: false });
  const stores = createDirectoryStores(
    {
      page: 'home',
      title: 'Directory',
      view: 'filter',
      directory,
      settings,
      directoryNonce: '0123456789',
      filter: { category: '', tags: [], search: '' },
      votedIds: [],
    },
    async () => ({}),
  );
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(
    <DirectoryProvider value={{ ...stores, settings, openItem: () => {} }}>{node(stores)}</DirectoryProvider>,
  );
  return host;
}

const titlesIn = (host: HTMLElement) =>
  [...host.querySelectorAll('[data-featured-item] button')].map((button) => button.textContent);

describe('the featured widget', () => {
  it('lists the featured items, not the ones that are only paid', () => {
    const host = render(
      marked({ 101: [true, false], 102: [true, true], 201: [false, true], 301: [true, false] }),
      () => <FeaturedWidget />,
    );
    expect(host.querySelector('aside')?.getAttribute('aria-labelledby')).toBe('dir-featured-title');
    expect(titlesIn(host)).toEqual(['Blue Door Café', 'Crust']);
  });

  it('shows the first five in the directory’s order, and nothing when no item is featured', () => {
    const all = render(
      marked({
        101: [true, true],
        102: [true, true],
        103: [true, true],
        201: [true, true],
        202: [true, true],
        301: [true, true],
      }),
      () => <FeaturedWidget />,
    );
    expect(titlesIn(all)).toEqual(['Green Cup', 'Blue Door Café', 'Night Owl', 'Crust', 'Sourdough Corner']);
    const none = render(marked({ 101: [true, false], 102: [true, false] }), () => <FeaturedWidget />);
    expect(none.innerHTML).toBe('');
  });
});

describe('an item card', () => {
  it('carries the "Featured" badge for a featured item only, and data-paid for a paid one', () => {
    const host = render(marked({ 101: [true, false], 102: [true, true], 103: [false, true] }), ({ model }) => (
      <ul>
        {model.items.slice(0, 4).map((item, index) => (
          <DirectoryItemCard key={item.id} item={item} index={index} />
        ))}
      </ul>
    ));
    const card = (id: number) => host.querySelector(`#item-${id}`);
    const badge = (id: number) => card(id)?.querySelector('.dir-item__badge')?.textContent ?? null;
    expect([101, 102, 103, 201].map(badge)).toEqual([null, 'Featured', 'Featured', null]);
    expect([101, 102, 103, 201].map((id) => card(id)?.getAttribute('data-paid'))).toEqual(['1', '1', '0', '0']);
    // The page's item attributes stay those of the specification: no mark of its own for featured.
    expect(
      card(102)
        ?.getAttributeNames()
        .filter((name) => /featured/i.test(name)),
    ).toEqual([]);
  });
});
