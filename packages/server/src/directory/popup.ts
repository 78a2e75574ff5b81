import { DIRECTORY } from '@waymark/protocol';
import { escapeHtml } from '../content/sanitize.js';
import type { ItemDetails } from './store.js';
import { safeHref } from '../content/links.js';

export interface PopupOptions {
  /** The upvote block beside the title. */
  upvote?: boolean;
  /** The slot where the map feature draws the item's map. */
  popupMap?: boolean;
  /** The owner's e-mail link. */
  mailto?: boolean;
}

/**
 * The item popup's HTML: image, title (with the upvote block when asked), tags, subtitle, link
 * button, the e-mail link when `mailto` is on, the map slot when `popupMap` is on, then the long
 * description. Everything comes from the database, so a crafted request cannot put its own
 * text into the popup.
 */
export function popupHtml(item: ItemDetails, tags: string[], { upvote, popupMap, mailto }: PopupOptions): string {
  const title = escapeHtml(item.title);

  const parts = [`<div class="qcpd-popup" data-item-id="${item.id}">`];
  if (item.image)
    parts.push(
      `<div class="qcpd-popup__image"><img src="${escapeHtml(item.image)}" alt="${escapeHtml(item.image_alt)}"></div>`,
    );
  parts.push(
    `<h2 class="qcpd-popup__title">${title}${upvote ? upvoteBlock(item.id, item.title, item.votes) : ''}</h2>`,
  );
  // Where the page says why a vote did not count (a live region, there before it speaks).
  if (upvote) parts.push(`<p class="qcpd-upvote__note" role="status" data-upvote-note="${item.id}"></p>`);
  if (tags.length > 0) {
    parts.push(`<ul class="qcpd-popup__tags">${tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`);
  }
  if (item.subtitle) parts.push(`<p class="qcpd-popup__subtitle">${escapeHtml(item.subtitle)}</p>`);
  const href = safeHref(item.url);
  if (href.length >= DIRECTORY.minUrlLengthForLink) {
    parts.push(`<a class="qcpd-popup__link" href="${escapeHtml(href)}" rel="nofollow noopener">Visit website</a>`);
  }
  if (mailto && item.owner_email) {
    const href = `mailto:${encodeURIComponent(item.owner_email).replace(/%40/g, '@')}?subject=${encodeURIComponent(item.title)}`;
    parts.push(`<a class="qcpd-popup__email" href="${escapeHtml(href)}">E-mail ${title}</a>`);
  }
  if (popupMap && item.lat !== null && item.lon !== null) parts.push(mapSlot(item.lat, item.lon));
  // Sanitized when it was stored.
  parts.push(`<div class="qcpd-popup__description">${item.description}</div>`, '</div>');
  return parts.join('');
}

/** The upvote control the page wires by its data attributes, with the stored count. */
function upvoteBlock(id: number, title: string, votes: number): string {
  return (
    ` <span class="qcpd-upvote">` +
    // The name is built from the content, not an aria-label, so it keeps up with the count the page updates.
    `<button type="button" class="qcpd-upvote__button" data-upvote-item="${id}">` +
    `<span aria-hidden="true">▲</span> <span class="qcpd-upvote__count" data-upvote-count="${id}">${votes}</span>` +
    `<span class="visually-hidden">, upvote ${escapeHtml(title)}</span>` +
    `</button></span>`
  );
}

/** Where the map feature draws the item's map (400 px high); a plain map link until it does. */
function mapSlot(lat: number, lon: number): string {
  const at = `${lat},${lon}`;
  const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  return (
    `<div class="qcpd-popup__map" data-latlon="${at}" style="height:${DIRECTORY.popupMapHeightPx}px">` +
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">Open this place on a map</a></div>`
  );
}
