import L from 'leaflet';

/** The parts of Leaflet's canvas renderer and path a marker picture on the canvas draws with. */
interface CanvasParts {
  _renderer: { _drawing: boolean; _ctx: CanvasRenderingContext2D };
  _point: L.Point;
  _pxBounds: L.Bounds;
  _empty(): boolean;
}

export interface CanvasIconOptions extends L.CircleMarkerOptions {
  iconUrl: string;
  iconSize: [number, number];
  iconAnchor: [number, number];
}

/** One picture per address, shared by every marker that wears it, and who waits for it. */
const pictures = new Map<string, { image: HTMLImageElement; waiting: Set<L.Path> }>();

function picture(url: string, layer: L.Path): HTMLImageElement | null {
  let entry = pictures.get(url);
  if (!entry) {
    const image = new Image();
    const waiting = new Set<L.Path>();
    entry = { image, waiting };
    image.onload = () => {
      for (const marker of waiting) marker.redraw();
      waiting.clear();
    };
    image.src = url;
    pictures.set(url, entry);
  }
  if (entry.image.complete && entry.image.naturalWidth > 0) return entry.image;
  entry.waiting.add(layer);
  return null;
}

/**
 * A marker picture drawn on the map's canvas instead of as an element of its own, for
 * directories too large for one element per marker: Leaflet's circle marker with its drawing,
 * bounds and hit test replaced by the picture's box (anchored as the marker setting says).
 */
export class CanvasIcon extends L.CircleMarker {
  declare options: CanvasIconOptions;

  constructor(latlng: L.LatLngExpression, options: CanvasIconOptions) {
    super(latlng, options);
  }

  protected _updateBounds(): void {
    const self = this as unknown as CanvasParts;
    const [width, height] = this.options.iconSize;
    const [x, y] = this.options.iconAnchor;
    const corner = self._point.subtract([x, y]);
    self._pxBounds = L.bounds(corner, corner.add([width, height]));
  }

  protected _updatePath(): void {
    const self = this as unknown as CanvasParts;
    if (!self._renderer._drawing || self._empty()) return;
    const image = picture(this.options.iconUrl, this);
    if (!image) return;
    const { min, max } = self._pxBounds as { min: L.Point; max: L.Point };
    self._renderer._ctx.drawImage(image, min.x, min.y, max.x - min.x, max.y - min.y);
  }

  protected _containsPoint(point: L.Point): boolean {
    return (this as unknown as CanvasParts)._pxBounds.contains(point);
  }
}
