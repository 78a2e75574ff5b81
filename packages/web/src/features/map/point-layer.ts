import KDBush from 'kdbush';
import L from 'leaflet';

/** How one point looks: a dot of a colour, or a picture of a size anchored at a spot. */
export type PointLook =
  { kind: 'dot'; colour: string } | { kind: 'picture'; url: string; size: [number, number]; anchor: [number, number] };

/** The parts of Leaflet's canvas renderer this layer paints with (not in its typings). */
interface CanvasInternals {
  _ctx: CanvasRenderingContext2D;
  _bounds: L.Bounds;
  _map: L.Map;
  _draw(): void;
  _redraw(): void;
  _onMouseMove(event: MouseEvent): void;
  _onClick(event: MouseEvent): void;
  _handleMouseOut(event: MouseEvent): void;
}

const DOT_RADIUS = 7;
const DOT_STROKE = 2;
/** A dot's whole size on the canvas, stroke included. */
const DOT_BOX = 2 * (DOT_RADIUS + DOT_STROKE);
/** Web Mercator's limit, as Leaflet's spherical Mercator clamps it. */
const MAX_LATITUDE = 85.0511287798;
const TILE = 256;

/** Every sprite made so far, by colour or picture address: a picture is fetched once. */
const sprites = new Map<string, CanvasImageSource>();

/** A dot painted once and stamped for every point of its colour. */
function dotSprite(colour: string): HTMLCanvasElement {
  const ratio = Math.ceil(window.devicePixelRatio || 1);
  const sprite = document.createElement('canvas');
  sprite.width = sprite.height = DOT_BOX * ratio;
  const ctx = sprite.getContext('2d');
  if (ctx) {
    ctx.scale(ratio, ratio);
    ctx.beginPath();
    ctx.arc(DOT_BOX / 2, DOT_BOX / 2, DOT_RADIUS, 0, 2 * Math.PI);
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.lineWidth = DOT_STROKE;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
  }
  return sprite;
}

/** Longitude and latitude as Web Mercator's unit square (0…1 both ways, north at 0). */
export function unitX(lon: number): number {
  return (lon + 180) / 360;
}
export function unitY(lat: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

export interface PointLayerOptions extends L.RendererOptions {
  /** The point under the pointer changed (-1: none). */
  onHover(index: number): void;
  /** A point was clicked. */
  onClick(index: number): void;
}

/**
 * Every marker of a large directory on one canvas: the points live in typed arrays (their Web
 * Mercator position, worked out once per item set) and are stamped from one sprite per look,
 * so 100,000 markers cost no Leaflet layer, no element and no object each. A k-d tree over the
 * same positions answers which point the pointer is on. Built on Leaflet's canvas renderer for
 * its placement, padding, zoom animation and high-density screens.
 */
export class PointLayer extends L.Canvas {
  readonly #events: PointLayerOptions;
  #x = new Float64Array(0);
  #y = new Float64Array(0);
  #look: Uint16Array = new Uint16Array(0);
  #looks: PointLook[] = [];
  #sprites: CanvasImageSource[] = [];
  #tree: KDBush | null = null;
  /** Per canvas pixel, the look last stamped there plus one: a dot on a dot is not stamped again. */
  #stamped = new Uint16Array(0);
  #hovered = -1;
  /** The frame asked for to paint new points in; 0 when none is pending. */
  #paintFrame = 0;

  constructor(options: PointLayerOptions) {
    super(options);
    this.#events = options;
  }

  /** The k-d tree of the points' positions, built on first use; null when there are none. */
  get #index(): KDBush | null {
    const count = this.#look.length;
    if (!this.#tree && count > 0) {
      const tree = new KDBush(count, 64, Float64Array);
      for (let i = 0; i < count; i += 1) tree.add(this.#x[i] as number, this.#y[i] as number);
      this.#tree = tree.finish();
    }
    return this.#tree;
  }

  set #index(tree: KDBush | null) {
    this.#tree = tree;
  }

  /** Replaces the points: positions and, per point, the index of its look in `looks`. */
  setPoints(lat: ArrayLike<number>, lon: ArrayLike<number>, look: Uint16Array, looks: PointLook[]): void {
    const count = look.length;
    this.#x = new Float64Array(count);
    this.#y = new Float64Array(count);
    for (let i = 0; i < count; i += 1) {
      this.#x[i] = unitX(lon[i] as number);
      this.#y[i] = unitY(lat[i] as number);
    }
    this.#look = look;
    this.#looks = looks;
    this.#sprites = looks.map((one) => this.#sprite(one));
    // The hit test's tree is built when first asked, after the points are painted.
    this.#index = null;
    this.#hovered = -1;
    this.#paintSoon();
  }

  /**
   * New points are painted in the coming frame, not at once: a filter that also moves the view
   * (the radius search fits its circle) then paints them once, where the view ends up, instead
   * of once where it was and again where it goes.
   */
  #paintSoon(): void {
    if (this.#paintFrame || !(this as unknown as CanvasInternals)._map) return;
    this.#paintFrame = L.Util.requestAnimFrame(() => {
      this.#paintFrame = 0;
      const self = this as unknown as CanvasInternals;
      if (self._map) self._redraw();
    });
  }

  override onRemove(map: L.Map): this {
    L.Util.cancelAnimFrame(this.#paintFrame);
    this.#paintFrame = 0;
    return super.onRemove(map);
  }

  /**
   * Up to `max` of the points inside the map's view, those nearest its centre, and how many
   * the view holds: a box around the centre grows until it holds enough, so a view of 100,000
   * points costs a few small range queries, not a sort of them all.
   */
  nearestInView(max: number): { nearest: number[]; total: number } {
    const self = this as unknown as CanvasInternals;
    if (!this.#index || !self._map) return { nearest: [], total: 0 };
    const map = self._map;
    const bounds = map.getPixelBounds();
    const scale = TILE * map.getZoomScale(map.getZoom(), 0);
    const [minX, minY, maxX, maxY] = [
      bounds.min!.x / scale,
      bounds.min!.y / scale,
      bounds.max!.x / scale,
      bounds.max!.y / scale,
    ];
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    const total = this.#index.range(minX, minY, maxX, maxY).length;
    let half = (maxX - minX) / 32;
    let found: number[];
    for (;;) {
      found = this.#index.range(
        Math.max(minX, cx - half),
        Math.max(minY, cy - half),
        Math.min(maxX, cx + half),
        Math.min(maxY, cy + half),
      );
      if (found.length >= max || found.length === total) break;
      half *= 2;
    }
    const distance = (at: number) => ((this.#x[at] as number) - cx) ** 2 + ((this.#y[at] as number) - cy) ** 2;
    const nearest = found.length <= max ? found : found.sort((a, b) => distance(a) - distance(b)).slice(0, max);
    return { nearest, total };
  }

  /** The layer point (the map's pixel space) of a point. */
  layerPoint(at: number): L.Point {
    const map = (this as unknown as CanvasInternals)._map;
    const scale = TILE * map.getZoomScale(map.getZoom(), 0);
    return L.point((this.#x[at] as number) * scale, (this.#y[at] as number) * scale).subtract(map.getPixelOrigin());
  }

  protected _draw(): void {
    // Whatever moved the view painted the current points: the frame asked for has nothing to do.
    if (this.#paintFrame) {
      L.Util.cancelAnimFrame(this.#paintFrame);
      this.#paintFrame = 0;
    }
    const self = this as unknown as CanvasInternals;
    const map = self._map;
    const ctx = self._ctx;
    const bounds = self._bounds;
    if (!map || !ctx || !bounds?.min || !bounds.max) return;
    const scale = TILE * map.getZoomScale(map.getZoom(), 0);
    const origin = map.getPixelOrigin();
    const { min, max } = bounds;
    const width = Math.ceil(max.x - min.x) + 1;
    const height = Math.ceil(max.y - min.y) + 1;
    if (this.#stamped.length < width * height) this.#stamped = new Uint16Array(width * height);
    else this.#stamped.fill(0, 0, width * height);
    const stamped = this.#stamped;
    const looks = this.#looks;
    const sprites = this.#sprites;
    const xs = this.#x;
    const ys = this.#y;
    const lookOf = this.#look;
    for (let i = 0; i < lookOf.length; i += 1) {
      const x = (xs[i] as number) * scale - origin.x;
      const y = (ys[i] as number) * scale - origin.y;
      const look = looks[lookOf[i] as number];
      const sprite = sprites[lookOf[i] as number];
      if (!look || !sprite) continue;
      // Many places share a pixel at low zooms: the same look stamped there again changes nothing.
      const px = Math.round(x - min.x);
      const py = Math.round(y - min.y);
      if (px >= 0 && py >= 0 && px < width && py < height) {
        const cell = py * width + px;
        const mark = (lookOf[i] as number) + 1;
        if (stamped[cell] === mark) continue;
        stamped[cell] = mark;
      }
      if (look.kind === 'dot') {
        const half = DOT_BOX / 2;
        if (x + half < min.x || x - half > max.x || y + half < min.y || y - half > max.y) continue;
        ctx.drawImage(sprite, x - half, y - half, DOT_BOX, DOT_BOX);
      } else {
        const left = x - look.anchor[0];
        const top = y - look.anchor[1];
        if (left + look.size[0] < min.x || left > max.x || top + look.size[1] < min.y || top > max.y) continue;
        ctx.drawImage(sprite, left, top, look.size[0], look.size[1]);
      }
    }
  }

  /** The topmost point under a layer point, or -1. */
  #hit(point: L.Point): number {
    const self = this as unknown as CanvasInternals;
    if (!this.#index || !self._map) return -1;
    const map = self._map;
    const scale = TILE * map.getZoomScale(map.getZoom(), 0);
    const origin = map.getPixelOrigin();
    const px = point.x + origin.x;
    const py = point.y + origin.y;
    // The widest reach any look has from its position to the pointer.
    let reach = DOT_BOX / 2;
    for (const look of this.#looks) {
      if (look.kind === 'picture')
        reach = Math.max(reach, look.size[0] + look.anchor[0], look.size[1] + look.anchor[1]);
    }
    const candidates = this.#index.range(
      (px - reach) / scale,
      (py - reach) / scale,
      (px + reach) / scale,
      (py + reach) / scale,
    );
    let best = -1;
    for (const at of candidates) {
      if (at <= best) continue;
      const x = (this.#x[at] as number) * scale;
      const y = (this.#y[at] as number) * scale;
      const look = this.#looks[this.#look[at] as number];
      if (!look) continue;
      const inside =
        look.kind === 'dot'
          ? (px - x) ** 2 + (py - y) ** 2 <= (DOT_RADIUS + DOT_STROKE) ** 2
          : px >= x - look.anchor[0] &&
            px <= x - look.anchor[0] + look.size[0] &&
            py >= y - look.anchor[1] &&
            py <= y - look.anchor[1] + look.size[1];
      if (inside) best = at;
    }
    return best;
  }

  protected _onMouseMove(event: MouseEvent): void {
    const self = this as unknown as CanvasInternals;
    const map = self._map;
    if (
      !map ||
      (map.dragging as (L.Handler & { moving?(): boolean }) | undefined)?.moving?.() ||
      (map as unknown as { _animatingZoom: boolean })._animatingZoom
    )
      return;
    const at = this.#hit(map.mouseEventToLayerPoint(event));
    if (at === this.#hovered) return;
    this.#hovered = at;
    map.getContainer().classList.toggle('wm-map--pointing', at >= 0);
    this.#events.onHover(at);
  }

  protected _onClick(event: MouseEvent): void {
    const map = (this as unknown as CanvasInternals)._map;
    if (event.type !== 'click' || !map) return;
    const at = this.#hit(map.mouseEventToLayerPoint(event));
    if (at < 0) return;
    // The map would take the click for its own (closing the popup just opened).
    L.DomEvent.stop(event);
    this.#events.onClick(at);
  }

  protected _handleMouseOut(): void {
    const map = (this as unknown as CanvasInternals)._map;
    map?.getContainer().classList.remove('wm-map--pointing');
    if (this.#hovered >= 0) {
      this.#hovered = -1;
      this.#events.onHover(-1);
    }
  }

  /** A look's sprite: the dot painted once, or the picture, redrawing once it has arrived. */
  #sprite(look: PointLook): CanvasImageSource {
    const key = look.kind === 'dot' ? `dot:${look.colour}` : look.url;
    let sprite = sprites.get(key);
    if (!sprite) {
      sprite = look.kind === 'dot' ? dotSprite(look.colour) : new Image();
      if (look.kind === 'picture' && sprite instanceof HTMLImageElement) sprite.src = look.url;
      sprites.set(key, sprite);
    }
    if (sprite instanceof HTMLImageElement && !sprite.complete) {
      sprite.addEventListener(
        'load',
        () => {
          if ((this as unknown as CanvasInternals)._map) (this as unknown as CanvasInternals)._redraw();
        },
        { once: true },
      );
    }
    return sprite;
  }
}
