import type { Page } from 'playwright-core';

/** The directory's page data, as the page itself received it. */
export interface DirectoryPageData {
  categories: { id: number; slug: string; name: string }[];
  lists: { id: number; title: string; categoryId: number; paginate: boolean; perPage: number }[];
  tags: string[];
  items: [number, number, string, string, string, string, string, string, string, ...unknown[]][];
}

export async function directoryData(page: Page): Promise<DirectoryPageData> {
  return page.evaluate(() => {
    const text = document.getElementById('waymark-page')?.textContent ?? '{}';
    return (JSON.parse(text) as { data: { directory: DirectoryPageData } }).data.directory;
  });
}

export interface ShownItem {
  id: number;
  title: string;
  tags: string[];
  list: string;
}

/**
 * The lists that hold an item: a list with none is never shown, and other test files may add
 * empty lists to the shared site while this one runs.
 */
export function filledLists(data: DirectoryPageData): DirectoryPageData['lists'] {
  const used = new Set(data.items.map((item) => item[1]));
  return data.lists.filter((_, index) => used.has(index));
}

/** The items a person can see: rendered, not on another page, in a list that is shown. */
export async function shownItems(page: Page): Promise<ShownItem[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.dir-list:not([hidden]) li[data-title]:not([hidden])')).map(
      (li) => ({
        id: Number(li.id.replace('item-', '')),
        title: li.dataset.title ?? '',
        tags: (li.dataset.tag ?? '').split(',').filter(Boolean),
        list: li.closest('.dir-list')?.querySelector('h3')?.firstChild?.textContent?.trim() ?? '',
      }),
    ),
  );
}

/** Titles of the list cards that are shown. */
export async function shownLists(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.dir-list:not([hidden]) h3')).map(
      (h) => h.firstChild?.textContent?.trim() ?? '',
    ),
  );
}
