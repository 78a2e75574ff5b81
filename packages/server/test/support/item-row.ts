import type { NewItem } from '../../src/db/schema.js';

/**
 * An item row for tests that write items straight to the database: every field plain, with the
 * fields given laid over it.
 */
export function itemRow(
  listId: number,
  fields: Partial<NewItem> & { title: string },
  now = new Date().toISOString(),
): NewItem {
  return {
    list_id: listId,
    position: 0,
    subtitle: '',
    description: '',
    content: '',
    address: '',
    locality: '',
    phone: '',
    hours: '',
    url: '',
    image: '',
    lat: null,
    lon: null,
    paid: 0,
    marker: null,
    owner_email: '',
    created_at: now,
    updated_at: now,
    ...fields,
  };
}
