import type { EmbedFields } from '@waymark/protocol';
import type { ReactNode } from 'react';
import { embedFrame } from './embed-frame.js';
import './embed.css';

/** The embed page's wrapper: the fields the page applies itself (see `embedFrame`). */
export function EmbedFrame({ fields, children }: { fields: EmbedFields; children: ReactNode }) {
  const { className, style, dir } = embedFrame(fields);
  return (
    <div className={className} style={style} dir={dir}>
      {children}
    </div>
  );
}

/** The item's own page link, for `item_details_page`; it leaves the frame for the whole window. */
export function ItemPageLink({ id, title }: { id: number; title: string }) {
  return (
    <a className="embed__item-page" href={`/items/${id}`} target="_top">
      Details<span className="visually-hidden"> of {title}</span>
    </a>
  );
}
