import {
  EMBED_FIELD_NAMES,
  EMBED_FIELDS,
  EMBED_FRAME_FIELDS,
  EMBED_UNITS,
  escapeEmbedText as esc,
  type EmbedFieldName,
  type EmbedFieldSpec,
} from '@waymark/protocol';

/** The label each field gets in the modal; the field's name is shown too, as the snippet spells it. */
const LABELS: Record<EmbedFieldName, string> = {
  order: 'Order',
  orderby: 'Order lists by',
  mode: 'Lists shown',
  list_id: 'List id (one list)',
  column: 'Columns',
  tooltip: 'Subtitle as tooltip',
  style: 'Style',
  search: 'Search box',
  category: 'Category slug (category mode)',
  map: 'Map',
  showmaponly: 'Map only',
  upvote: 'Upvotes',
  enable_tag_filter: 'Tag filter',
  distance_search: 'Distance search',
  marker_cluster: 'Marker clusters',
  image_infowindow: 'Image in marker popups',
  item_count: 'Item counts',
  item_details_page: 'Link to item pages',
  filterorderby: 'Order category filter by',
  main_click_action: 'Click on an item',
  phone_number: 'Phone numbers',
  paginate_items: 'Paginate items',
  per_page: 'Items per page',
  enable_rtl: 'Right to left',
  enable_left_filter: 'Filters on the left',
  enable_tag_filter_dropdown: 'Tag filter as a dropdown',
  enable_map_fullwidth: 'Full-width map',
  enable_map_fullscreen: 'Full-screen map button',
  enable_map_toggle_filter: 'Map toggle button',
  map_position: 'Map position',
  list_title_font_size: 'List title font size (px)',
  item_orderby: 'Order items by',
  list_title_line_height: 'List title line height (px)',
  title_font_size: 'Item title font size (px)',
  review: 'Reviews link',
  subtitle_font_size: 'Subtitle font size (px)',
  title_line_height: 'Item title line height (px)',
  subtitle_line_height: 'Subtitle line height (px)',
  pdmapofflightbox: 'No map in the item popup',
  filter_area: 'Filter area',
  topspacing: 'Space above (px)',
  credittitle: 'Credit text',
  creditlink: 'Credit link',
};

const option = (value: string, chosen: string) =>
  `<option value="${esc(value)}"${value === chosen ? ' selected' : ''}>${esc(value)}</option>`;

function control(name: string, spec: EmbedFieldSpec, id: string): string {
  const attrs = `id="${id}" name="${esc(name)}"`;
  switch (spec.kind) {
    case 'choice':
      return `<select ${attrs}>${spec.values.map((v) => option(v, spec.default)).join('')}</select>`;
    case 'flag':
      return `<select ${attrs}>${['true', 'false'].map((v) => option(v, String(spec.default))).join('')}</select>`;
    case 'whole':
      return `<input ${attrs} type="number" inputmode="numeric" min="${spec.min}" max="${spec.max}" value="${spec.default ?? ''}">`;
    case 'text':
      return `<input ${attrs} type="text" maxlength="${spec.max}" value="${esc(spec.default)}">`;
    case 'link':
      return `<input ${attrs} type="url" value="${esc(spec.default)}" placeholder="https://">`;
  }
}

const row = (name: string, label: string, spec: EmbedFieldSpec) => {
  const id = `waymark-embed-${name}`;
  return `<div class="embed-form__row"><label for="${id}">${esc(label)} <code>${esc(name)}</code></label>${control(name, spec, id)}</div>`;
};

/**
 * The list-embed modal's content (`get_options_template`): the iframe's size and unit, every
 * embed field with its default, the generate button and where the snippet goes. Every value
 * comes from the protocol's field table and is escaped; the page's modal script drives it.
 */
export function embedOptionsTemplate(): string {
  const frame = [
    row('height', 'Height', EMBED_FRAME_FIELDS.height),
    row('width', 'Width', EMBED_FRAME_FIELDS.width),
    row('unit', 'Unit', { kind: 'choice', values: EMBED_UNITS, default: 'px' }),
  ].join('');
  const fields = EMBED_FIELD_NAMES.map((name) => row(name, LABELS[name], EMBED_FIELDS[name])).join('');
  return (
    `<form class="embed-form" data-embed-form>` +
    `<fieldset class="embed-form__frame"><legend>Frame size</legend>${frame}</fieldset>` +
    `<fieldset class="embed-form__fields"><legend>Directory options</legend>${fields}</fieldset>` +
    `<button type="submit" class="embed-form__generate">Generate</button>` +
    `<label for="waymark-embed-code">Embed code</label>` +
    `<textarea id="waymark-embed-code" class="embed-form__code" rows="5" readonly data-embed-code></textarea>` +
    `<p class="embed-form__status" role="status" data-embed-status></p>` +
    `</form>`
  );
}
