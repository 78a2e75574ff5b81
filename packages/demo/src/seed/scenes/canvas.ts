/**
 * The drawing surface of the demo pictures: SVG shapes as strings, under one light. Every fill
 * and stroke passes through the scene's light (a dusk scene is bluer and darker), except what
 * gives off light itself (lit windows, lamps, the sun), which is drawn with `emit`.
 */

export const WIDTH = 480;
export const HEIGHT = 320;

/** A colour with the word an alt text uses for it. */
export interface Named {
  name: string;
  hex: string;
}

export interface Light {
  /** The colour the whole scene leans towards, and how far. */
  tint: string;
  amount: number;
  /** Lamps and windows glow (dusk, evening, night). */
  lamps: boolean;
}

export interface Paint {
  opacity?: number;
  stroke?: string;
  width?: number;
  rx?: number;
  /** Drawn as it is, untouched by the light: for what shines. */
  emit?: boolean;
  /** Extra attributes, written as they are. */
  extra?: string;
}

/** A tenth of a pixel is finer than the eye and keeps the files short. */
export const r1 = (value: number): number => Math.round(value * 10) / 10;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `a` moved towards `b` by `t` (0 keeps `a`, 1 gives `b`). */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = channels(a);
  const [br, bg, bb] = channels(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

export const darken = (hex: string, t: number): string => mix(hex, '#000000', t);
export const lighten = (hex: string, t: number): string => mix(hex, '#ffffff', t);

export class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private ids = 0;
  /** Gradients already defined, by their stops: a street of windows shares one. */
  private readonly gradients = new Map<string, string>();

  constructor(readonly light: Light) {}

  /** A colour as this scene's light shows it. */
  lit(hex: string): string {
    return this.light.amount > 0 ? mix(hex, this.light.tint, this.light.amount) : hex;
  }

  private paint(fill: string, p: Paint): string {
    const colour = (c: string) => (p.emit || !c.startsWith('#') ? c : this.lit(c));
    let attrs = ` fill="${colour(fill)}"`;
    if (p.opacity !== undefined && p.opacity < 1) attrs += ` fill-opacity="${r1(p.opacity * 100) / 100}"`;
    if (p.stroke) attrs += ` stroke="${colour(p.stroke)}" stroke-width="${r1(p.width ?? 1)}"`;
    if (p.extra) attrs += ` ${p.extra}`;
    return attrs;
  }

  rect(x: number, y: number, w: number, h: number, fill: string, p: Paint = {}): void {
    const rx = p.rx ? ` rx="${r1(p.rx)}"` : '';
    this.body.push(`<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}"${rx}${this.paint(fill, p)}/>`);
  }

  circle(cx: number, cy: number, r: number, fill: string, p: Paint = {}): void {
    this.body.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}"${this.paint(fill, p)}/>`);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, p: Paint = {}): void {
    this.body.push(`<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}"${this.paint(fill, p)}/>`);
  }

  /** A closed shape through flat x, y pairs. */
  poly(points: readonly number[], fill: string, p: Paint = {}): void {
    const pairs: string[] = [];
    for (let i = 0; i + 1 < points.length; i += 2) pairs.push(`${r1(points[i] ?? 0)},${r1(points[i + 1] ?? 0)}`);
    this.body.push(`<polygon points="${pairs.join(' ')}"${this.paint(fill, p)}/>`);
  }

  path(d: string, fill: string, p: Paint = {}): void {
    this.body.push(`<path d="${d}"${this.paint(fill, p)}/>`);
  }

  line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, p: Paint = {}): void {
    const colour = p.emit ? stroke : this.lit(stroke);
    const opacity = p.opacity !== undefined && p.opacity < 1 ? ` stroke-opacity="${r1(p.opacity * 100) / 100}"` : '';
    this.body.push(
      `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${colour}" stroke-width="${r1(width)}" stroke-linecap="round"${opacity}/>`,
    );
  }

  /** A top-to-bottom gradient (lit unless `emit`), for use as a fill. */
  vertical(stops: readonly string[], emit = false): string {
    const last = Math.max(1, stops.length - 1);
    const body = stops
      .map((c, i) => `<stop offset="${r1(i / last)}" stop-color="${emit ? c : this.lit(c)}"/>`)
      .join('');
    const known = this.gradients.get(body);
    if (known) return known;
    const id = `g${(this.ids += 1)}`;
    this.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${body}</linearGradient>`);
    this.gradients.set(body, `url(#${id})`);
    return `url(#${id})`;
  }

  /** A soft round glow, bright in the middle and gone at the edge. */
  glow(colour: string, strength = 0.8): string {
    const key = `glow:${colour}:${strength}`;
    const known = this.gradients.get(key);
    if (known) return known;
    const id = `g${(this.ids += 1)}`;
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${strength}"/>` +
        `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
    );
    this.gradients.set(key, `url(#${id})`);
    return `url(#${id})`;
  }

  /** Draws `draw` into a group with these attributes (`transform="…"`, `opacity="…"`). */
  group(attributes: string, draw: () => void): void {
    this.body.push(`<g ${attributes}>`);
    draw();
    this.body.push('</g>');
  }

  /** Draws `draw` with everything inside the rectangle kept and the rest cut away. */
  clip(x: number, y: number, w: number, h: number, draw: () => void): void {
    const id = `c${(this.ids += 1)}`;
    this.defs.push(
      `<clipPath id="${id}"><rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}"/></clipPath>`,
    );
    this.body.push(`<g clip-path="url(#${id})">`);
    draw();
    this.body.push('</g>');
  }

  toSvg(): string {
    const defs = this.defs.length > 0 ? `<defs>${this.defs.join('')}</defs>` : '';
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
      `${defs}${this.body.join('')}</svg>`
    );
  }
}
