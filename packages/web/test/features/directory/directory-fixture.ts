import type { CompactItem, DirectoryData } from '@waymark/protocol';

/** A small directory: two categories, three lists, items with known tags and text. */
export function fixture(): DirectoryData {
  const item = (
    id: number,
    list: number,
    title: string,
    tags: number[],
    extra: { url?: string; content?: string; paid?: boolean; featured?: boolean } = {},
  ): CompactItem => [
    id,
    list,
    title,
    'Subtitle',
    'Main Street 1',
    'Lyon',
    '+33 1 23',
    'Mon–Fri',
    extra.url ?? 'https://example.test/',
    -1,
    45.7,
    4.8,
    extra.paid ? 1 : 0,
    -1,
    tags,
    extra.content ?? '',
    0,
    '',
    '',
    extra.featured ? 1 : 0,
  ];
  return {
    categories: [
      { id: 10, slug: 'food', name: 'Food' },
      { id: 20, slug: 'shops', name: 'Shops' },
    ],
    lists: [
      { id: 1, slug: 'cafes', title: 'Cafés', categoryId: 10, paginate: true, perPage: 2 },
      { id: 2, slug: 'bakeries', title: 'Bakeries', categoryId: 10, paginate: false, perPage: 12 },
      { id: 3, slug: 'books', title: 'Bookshops', categoryId: 20, paginate: false, perPage: 12 },
    ],
    tags: ['Vegan', 'Wi-Fi', 'Open late'],
    urls: [],
    items: [
      item(101, 0, 'Green Cup', [0, 1]),
      item(102, 0, 'Blue Door Café', [1]),
      item(103, 0, 'Night Owl', [2], { content: '<p>Jazz &amp; <strong>coffee</strong></p>' }),
      item(201, 1, 'Crust', [0]),
      item(202, 1, 'Sourdough Corner', [], { url: 'https://bread.example/rye' }),
      item(301, 2, 'Paper Tiger', [1, 2]),
    ],
  };
}
