import type { DirectoryItem } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { safeHref } from '../content/links.js';
import { protectItem } from '../contacts/index.js';
import { findItem, type ItemRow } from './store.js';

/** A transform every item passes through on its way to a page (contact protection, later). */
export type ItemTransform = (item: DirectoryItem) => DirectoryItem;

/**
 * The one place where a database row becomes page data: whatever rewrites what visitors see
 * of an item (phones, e-mails) applies here and reaches every page that shows items.
 */
export function itemToPage(row: ItemRow, tags: string[], transform?: ItemTransform): DirectoryItem {
  const item: DirectoryItem = {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    address: row.address,
    locality: row.locality,
    phone: row.phone,
    hours: row.hours,
    url: safeHref(row.url),
    image: row.image,
    imageAlt: row.image_alt,
    lat: row.lat,
    lon: row.lon,
    paid: row.paid === 1,
    featured: row.featured === 1,
    marker: row.marker,
    tags,
    content: row.content,
    votes: row.votes,
    phoneSealed: '',
  };
  return transform ? transform(item) : item;
}

/** Contacts stay sealed until a person decodes them (or signs in, or holds a pass). */
export function visitorTransform(request: FastifyRequest): ItemTransform | undefined {
  const { contacts } = request.server;
  return contacts.visibleTo(request) ? undefined : protectItem(contacts.cipherFor(request));
}

/** One item with its tags as this visitor may see it, or null when there is none with this id. */
export async function itemForVisitor(request: FastifyRequest, id: number): Promise<DirectoryItem | null> {
  const found = await findItem(request.server.storage, id);
  return found ? itemToPage(found.row, found.tags, visitorTransform(request)) : null;
}
