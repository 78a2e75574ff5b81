/**
 * The embed fields (spec: "Embed code fields"; PROTOCOL.md section 5, embed snippet): what the
 * list-embed modal offers, what the iframe URL carries in this order, and how the embed page
 * reads them back. Every field has its own kind and set of values; a value outside it is
 * dropped for the field's default, so nothing from the address is ever echoed into a page.
 */

type Choice<V extends string> = { kind: 'choice'; values: readonly V[]; default: V };
type Flag = { kind: 'flag'; default: boolean };
/** A whole number in a range; `null` default means "not set" (the site's own value). */
type Whole = { kind: 'whole'; min: number; max: number; default: number | null };
type Text = { kind: 'text'; pattern: RegExp; max: number; default: string };
type Link = { kind: 'link'; default: string };
export type EmbedFieldSpec = Choice<string> | Flag | Whole | Text | Link;

const choice = <const V extends string>(values: readonly V[], fallback: V): Choice<V> => ({
  kind: 'choice',
  values,
  default: fallback,
});
const flag = (fallback: boolean): Flag => ({ kind: 'flag', default: fallback });
const whole = (min: number, max: number, fallback: number | null = null): Whole => ({
  kind: 'whole',
  min,
  max,
  default: fallback,
});
/** Font sizes in px: below 8 is unreadable, above 72 breaks the cards. */
const fontSize = () => whole(8, 72);
/** Line heights in px, a little roomier than the font sizes. */
const lineHeight = () => whole(8, 120);

/** How items and lists may be sorted: the set order, by title, by votes (items), or newest first by creation. */
export const EMBED_ITEM_ORDERS = ['menu_order', 'title', 'upvotes', 'date'] as const;
export const EMBED_LIST_ORDERS = ['menu_order', 'title', 'date'] as const;

/** The 43 URL fields, in the specification's order (the iframe URL keeps it). */
export const EMBED_FIELDS = {
  /** Direction of `orderby` and `item_orderby`. */
  order: choice(['ASC', 'DESC'], 'ASC'),
  /** How the lists are sorted. */
  orderby: choice(EMBED_LIST_ORDERS, 'menu_order'),
  /** Every list, the one list `list_id`, or the lists of `category`. */
  mode: choice(['all', 'one', 'category'], 'all'),
  list_id: whole(1, 2_147_483_647),
  /** Columns of list cards on a wide screen. */
  column: choice(['1', '2', '3', '4'], '3'),
  /** Item titles carry their subtitle as a hover tooltip. */
  tooltip: flag(false),
  /** The card style: a class on the embed page. */
  style: choice(['simple', 'style-1', 'style-2', 'style-3', 'style-4', 'style-5'], 'simple'),
  search: flag(true),
  /** A category's slug, for `mode=category`. */
  category: { kind: 'text', pattern: /^[a-z0-9][a-z0-9-]*$/, max: 100, default: '' } satisfies Text,
  map: flag(false),
  showmaponly: flag(false),
  upvote: flag(true),
  enable_tag_filter: flag(false),
  /** The map's radius search. */
  distance_search: flag(false),
  marker_cluster: flag(true),
  image_infowindow: flag(true),
  item_count: flag(true),
  /** Item titles link to the item's own page. */
  item_details_page: flag(false),
  /** The order of the category filter's buttons. */
  filterorderby: choice(['menu_order', 'title'], 'menu_order'),
  /** A click on an item opens its popup, or goes to its link. */
  main_click_action: choice(['popup', 'link'], 'popup'),
  phone_number: flag(true),
  paginate_items: flag(false),
  per_page: whole(1, 500, 12),
  enable_rtl: flag(false),
  /** The filters stand in a column at the left of the lists. */
  enable_left_filter: flag(false),
  enable_tag_filter_dropdown: flag(false),
  enable_map_fullwidth: flag(false),
  enable_map_fullscreen: flag(false),
  /** A button shows and hides the map. */
  enable_map_toggle_filter: flag(false),
  map_position: choice(['top', 'right'], 'top'),
  list_title_font_size: fontSize(),
  item_orderby: choice(EMBED_ITEM_ORDERS, 'menu_order'),
  list_title_line_height: lineHeight(),
  title_font_size: fontSize(),
  /** The item popup shows the item's reviews. */
  review: flag(false),
  subtitle_font_size: fontSize(),
  title_line_height: lineHeight(),
  subtitle_line_height: lineHeight(),
  /** The item popup leaves its map out. */
  pdmapofflightbox: flag(false),
  /** `fixed`: the filter area stays at the top while the lists scroll. */
  filter_area: choice(['normal', 'fixed'], 'normal'),
  /** Space above the directory, px. */
  topspacing: whole(0, 500, 0),
  credittitle: { kind: 'text', pattern: /^[^\p{Cc}]*$/u, max: 100, default: '' } satisfies Text,
  creditlink: { kind: 'link', default: '' } satisfies Link,
} as const;

/** The list-embed modal's id: links that open it carry it (spec: "links that carry a modal id"). */
export const EMBED_MODAL_ID = 'waymark-embed-modal';
/** Where a list card sends an administrator to embed that list: the modal opens there for it. */
export const embedModalLink = (list: number): string => `/admin/listings?embed_list=${list}#${EMBED_MODAL_ID}`;

/** The iframe element's own size fields, in the unit the modal chose. */
export const EMBED_FRAME_FIELDS = { height: whole(1, 10_000, 400), width: whole(1, 10_000, 100) } as const;
export const EMBED_UNITS = ['px', '%'] as const;
export type EmbedUnit = (typeof EMBED_UNITS)[number];

export type EmbedFieldName = keyof typeof EMBED_FIELDS;
export const EMBED_FIELD_NAMES = Object.keys(EMBED_FIELDS) as EmbedFieldName[];

type ValueOf<S> = S extends Choice<infer V> ? V : S extends Flag ? boolean : S extends Whole ? number | null : string;
export type EmbedFields = { -readonly [K in EmbedFieldName]: ValueOf<(typeof EMBED_FIELDS)[K]> };

/** One field's value from its raw text, or undefined when it is not one of the field's values. */
export function parseEmbedValue(spec: EmbedFieldSpec, raw: unknown): string | boolean | number | null | undefined {
  if (typeof raw !== 'string') return undefined;
  switch (spec.kind) {
    case 'choice':
      return spec.values.includes(raw) ? raw : undefined;
    case 'flag':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'whole': {
      if (!/^\d{1,10}$/.test(raw)) return undefined;
      const n = Number(raw);
      return n >= spec.min && n <= spec.max ? n : undefined;
    }
    case 'text':
      return raw.length <= spec.max && spec.pattern.test(raw) ? raw : undefined;
    case 'link':
      return isWebLink(raw) ? raw : undefined;
  }
}

/**
 * An absolute http(s) address with a host and no spaces, quotes or angle brackets: the protocol
 * package runs without the URL class, so this is the shape check; the snippet escapes it anyway.
 */
function isWebLink(raw: string): boolean {
  return raw.length <= 2_000 && /^https?:\/\/[^\s/?#"'<>\\]+(?:[/?#][^\s"'<>\\]*)?$/i.test(raw);
}

/** Every field's default. */
export function defaultEmbedFields(): EmbedFields {
  return Object.fromEntries(EMBED_FIELD_NAMES.map((name) => [name, EMBED_FIELDS[name].default])) as EmbedFields;
}

/**
 * The fields of an embed address. Unknown names are ignored, a repeated name counts once (the
 * first), and a value outside a field's set gives the field's default.
 */
export function parseEmbedQuery(query: unknown): EmbedFields {
  const fields = defaultEmbedFields();
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  for (const name of EMBED_FIELD_NAMES) {
    const raw = Array.isArray(q[name]) ? (q[name] as unknown[])[0] : q[name];
    const value = parseEmbedValue(EMBED_FIELDS[name], raw);
    if (value !== undefined) (fields as Record<string, unknown>)[name] = value;
  }
  return fields;
}

/** The field as it travels in the address: '' for an unset number. */
const wire = (value: string | boolean | number | null): string => (value === null ? '' : String(value));

/** The embed page's query string, every field in the specification's order. */
export function embedQuery(fields: EmbedFields): string {
  return EMBED_FIELD_NAMES.map((name) => `${name}=${encodeURIComponent(wire(fields[name]))}`).join('&');
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};
export const escapeEmbedText = (text: string): string => text.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

export interface EmbedFrame {
  height: number;
  width: number;
  unit: EmbedUnit;
}

/**
 * The snippet a site owner pastes: the iframe of `<origin>/embed?<fields>` with its size, and
 * the credit link after it when both credit fields are set. Everything is attribute-escaped.
 */
export function embedSnippet(fields: EmbedFields, frame: EmbedFrame, origin: string): string {
  const unit = EMBED_UNITS.includes(frame.unit) ? frame.unit : 'px';
  const size = (value: number, spec: Whole) =>
    Number.isInteger(value) && value >= spec.min && value <= spec.max ? value : (spec.default ?? spec.min);
  const src = `${origin.replace(/\/+$/, '')}/embed?${embedQuery(fields)}`;
  const height = `${size(frame.height, EMBED_FRAME_FIELDS.height)}${unit}`;
  const width = `${size(frame.width, EMBED_FRAME_FIELDS.width)}${unit}`;
  let html =
    `<iframe src="${escapeEmbedText(src)}" height="${escapeEmbedText(height)}" width="${escapeEmbedText(width)}"` +
    ` title="Directory" loading="lazy" style="border:0"></iframe>`;
  if (fields.credittitle && fields.creditlink && isWebLink(fields.creditlink)) {
    html += `\n<p class="waymark-embed-credit"><a href="${escapeEmbedText(fields.creditlink)}">${escapeEmbedText(fields.credittitle)}</a></p>`;
  }
  return html;
}
