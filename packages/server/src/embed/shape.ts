import type { CompactItem, DirectoryData, EmbedFields, EmbedPageData, MapSettings } from '@waymark/protocol';

type Shaped = Omit<EmbedPageData, 'page' | 'title' | 'view' | 'filter' | 'embed'>;

/**
 * Applies the fields the server can apply to the directory page's data: which lists (mode,
 * list_id, category), their order and their items' order, the category filter's order, phone
 * numbers, pagination, upvotes, the popup's map and the map's own settings. The page applies the
 * rest (classes and sizes, see the web embed route).
 */
export function shapeForEmbed(data: Shaped, fields: EmbedFields): Shaped {
  const directory = shapeDirectory(data.directory, fields);
  const settings = {
    ...data.settings,
    upvotes: data.settings.upvotes && fields.upvote,
    popupMap: data.settings.popupMap && !fields.pdmapofflightbox,
  };
  const map = data.map && { ...data.map, settings: shapeMap(data.map.settings, fields) };
  return { ...data, directory, settings, ...(map ? { map } : {}) };
}

function shapeMap(settings: MapSettings, fields: EmbedFields): MapSettings {
  return {
    ...settings,
    map: fields.map || fields.showmaponly,
    map_position: fields.map_position,
    map_fullwidth: fields.enable_map_fullwidth,
    fullscreenButton: fields.enable_map_fullscreen,
    toggleFilterButton: fields.enable_map_toggle_filter,
    clustering: fields.marker_cluster,
    image_infowindow: fields.image_infowindow,
    radiusSearch: fields.distance_search,
  };
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

function shapeDirectory(data: DirectoryData, fields: EmbedFields): DirectoryData {
  const sign = fields.order === 'DESC' ? -1 : 1;
  const categories =
    fields.filterorderby === 'title' ? [...data.categories].sort((a, b) => byText(a.name, b.name)) : data.categories;

  // The chosen lists; a list id or category that names nothing shows every list, as the default would.
  let chosen = data.lists.map((list, index) => ({ list, index }));
  const category = data.categories.find((c) => c.slug === fields.category);
  const narrowed =
    fields.mode === 'one'
      ? chosen.filter(({ list }) => list.id === fields.list_id)
      : fields.mode === 'category' && category
        ? chosen.filter(({ list }) => list.categoryId === category.id)
        : chosen;
  if (narrowed.length > 0) chosen = narrowed;
  if (fields.orderby !== 'menu_order') {
    chosen = [...chosen].sort(
      (a, b) => sign * (fields.orderby === 'title' ? byText(a.list.title, b.list.title) : a.list.id - b.list.id),
    );
  } else if (sign < 0) chosen = [...chosen].reverse();

  const newIndex = new Map(chosen.map(({ index }, at) => [index, at]));
  const lists = chosen.map(({ list }) =>
    fields.paginate_items ? { ...list, paginate: true, perPage: fields.per_page ?? list.perPage } : list,
  );

  const byList: CompactItem[][] = lists.map(() => []);
  for (const item of data.items) {
    const at = newIndex.get(item[1]);
    if (at === undefined) continue;
    const moved: CompactItem = [...item];
    moved[1] = at;
    if (!fields.phone_number) {
      moved[6] = '';
      moved[17] = '';
    }
    byList[at]?.push(moved);
  }
  const items = byList.flatMap((listItems) => sortItems(listItems, fields.item_orderby, sign));
  return { ...data, categories, lists, items };
}

function sortItems(items: CompactItem[], orderby: EmbedFields['item_orderby'], sign: number): CompactItem[] {
  switch (orderby) {
    case 'menu_order':
      return sign < 0 ? items.reverse() : items;
    case 'title':
      return items.sort((a, b) => sign * byText(a[2], b[2]));
    case 'upvotes':
      return items.sort((a, b) => sign * (a[16] - b[16]));
    case 'date':
      // Ids grow with creation: ascending is oldest first.
      return items.sort((a, b) => sign * (a[0] - b[0]));
  }
}
