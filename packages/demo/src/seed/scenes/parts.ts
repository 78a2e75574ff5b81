import type { Random } from '../random.js';
import { type Canvas, darken, lighten, r1 } from './canvas.js';
import { BRIGHT, WOOD } from './palette.js';

/**
 * The props the scenes are built from: trees, lamps, tables, bicycles, crates, windows. Each
 * stands on `ground` (its lowest y) at `x`, and grows with `s` (1 is a person's scale at the
 * front of a street scene).
 */

export const LAMP_GLOW = '#ffd98a';
export const LIT_WINDOW = '#f7d68c';

export type TreeStyle = 'round' | 'cone' | 'poplar';

export function tree(cv: Canvas, x: number, ground: number, height: number, style: TreeStyle, random: Random): void {
  const leaf = random.pick(['#3f7d3a', '#4d8b3f', '#2f6b45', '#5f9447', '#6d8f3a']);
  const trunkTop = ground - height * (style === 'poplar' ? 0.25 : 0.42);
  cv.rect(x - height * 0.035, trunkTop, height * 0.07, ground - trunkTop, '#5b4030');
  if (style === 'round') {
    const r = height * 0.3;
    const cy = ground - height + r;
    cv.circle(x - r * 0.45, cy + r * 0.35, r * 0.75, darken(leaf, 0.12));
    cv.circle(x + r * 0.5, cy + r * 0.3, r * 0.72, darken(leaf, 0.08));
    cv.circle(x, cy, r, leaf);
    cv.circle(x - r * 0.3, cy - r * 0.3, r * 0.45, lighten(leaf, 0.12), { opacity: 0.7 });
  } else if (style === 'cone') {
    const w = height * 0.32;
    for (let i = 0; i < 3; i += 1) {
      const top = ground - height + i * height * 0.2;
      const base = top + height * 0.42;
      cv.poly([x, top, x + w * (0.6 + i * 0.2), base, x - w * (0.6 + i * 0.2), base], darken(leaf, 0.1 + i * 0.05));
    }
  } else {
    cv.ellipse(x, ground - height * 0.58, height * 0.13, height * 0.42, darken(leaf, 0.05));
    cv.ellipse(x - height * 0.03, ground - height * 0.62, height * 0.07, height * 0.32, lighten(leaf, 0.1), {
      opacity: 0.6,
    });
  }
}

export function lampPost(cv: Canvas, x: number, ground: number, height: number, lit: boolean): void {
  const top = ground - height;
  if (lit) cv.circle(x, top + 6, height * 0.38, cv.glow(LAMP_GLOW, 0.45), { emit: true });
  cv.rect(x - 2, top + 8, 4, height - 8, '#2c2f33');
  cv.rect(x - 5, ground - 8, 10, 8, '#2c2f33', { rx: 2 });
  cv.poly([x - 8, top + 10, x + 8, top + 10, x + 5, top, x - 5, top], '#2c2f33');
  cv.rect(x - 6, top + 10, 12, 9, lit ? LAMP_GLOW : '#d9dde0', { emit: lit, rx: 1 });
  cv.poly([x - 9, top + 19, x + 9, top + 19, x, top + 24], '#2c2f33');
}

/** A round café table with a chair either side. */
export function bistroSet(cv: Canvas, x: number, ground: number, s: number, table: string, chair: string): void {
  for (const side of [-1, 1]) {
    const cx = x + side * 20 * s;
    cv.rect(cx - 7 * s, ground - 17 * s, 14 * s, 3 * s, chair);
    cv.line(cx + side * 6 * s, ground - 17 * s, cx + side * 7 * s, ground - 34 * s, chair, 2.2 * s);
    cv.line(cx + side * 7 * s, ground - 34 * s, cx + side * 2 * s, ground - 33 * s, chair, 1.6 * s);
    cv.line(cx - 6 * s, ground - 15 * s, cx - 7 * s, ground, chair, 1.8 * s);
    cv.line(cx + 6 * s, ground - 15 * s, cx + 7 * s, ground, chair, 1.8 * s);
  }
  cv.ellipse(x, ground - 26 * s, 16 * s, 3.5 * s, table);
  cv.rect(x - 1.3 * s, ground - 25 * s, 2.6 * s, 24 * s, darken(table, 0.3));
  cv.ellipse(x, ground - 1 * s, 8 * s, 2 * s, darken(table, 0.3));
}

export function planter(cv: Canvas, x: number, ground: number, w: number, box: string, random: Random): void {
  const leaf = random.pick(['#3f7d3a', '#55924a', '#2f6b45']);
  const h = w * 0.45;
  for (let i = 0; i < 4; i += 1) {
    cv.circle(x - w * 0.3 + i * w * 0.2, ground - h - w * 0.12 - (i % 2) * w * 0.08, w * 0.2, darken(leaf, i * 0.05));
  }
  if (random.chance(0.5)) {
    const flower = random.pick(['#e8505b', '#f7d046', '#f2f2f2', '#d66ba0']);
    for (let i = 0; i < 5; i += 1) {
      cv.circle(x - w * 0.35 + i * w * 0.17, ground - h - w * 0.2 + (i % 2) * w * 0.1, w * 0.05, flower);
    }
  }
  cv.poly([x - w / 2, ground - h, x + w / 2, ground - h, x + w * 0.42, ground, x - w * 0.42, ground], box);
}

export function bicycle(cv: Canvas, x: number, ground: number, s: number, frame: string): void {
  const r = 11 * s;
  const tyre = '#222428';
  const back = x - 15 * s;
  const front = x + 15 * s;
  const hub = ground - r;
  cv.circle(back, hub, r, 'none', { stroke: tyre, width: 2.4 * s });
  cv.circle(front, hub, r, 'none', { stroke: tyre, width: 2.4 * s });
  const crank: [number, number] = [x - 2 * s, hub];
  const seat: [number, number] = [x - 6 * s, hub - 15 * s];
  const head: [number, number] = [x + 10 * s, hub - 14 * s];
  const segments: [number, number, number, number][] = [
    [back, hub, crank[0], crank[1]],
    [back, hub, seat[0], seat[1]],
    [seat[0], seat[1], crank[0], crank[1]],
    [seat[0], seat[1], head[0], head[1]],
    [crank[0], crank[1], head[0], head[1]],
    [head[0], head[1], front, hub],
  ];
  for (const [x1, y1, x2, y2] of segments) cv.line(x1, y1, x2, y2, frame, 2 * s);
  cv.line(seat[0] - 3 * s, seat[1] - 2 * s, seat[0] + 3 * s, seat[1] - 2 * s, tyre, 2.4 * s);
  cv.line(head[0], head[1], head[0] - 1 * s, head[1] - 5 * s, tyre, 1.6 * s);
  cv.line(head[0] - 3 * s, head[1] - 5 * s, head[0] + 3 * s, head[1] - 5 * s, tyre, 1.6 * s);
}

/** A wooden crate heaped with round produce of one colour. */
export function crate(cv: Canvas, x: number, ground: number, w: number, produce: string, random: Random): void {
  const h = w * 0.42;
  const r = w * 0.09;
  for (let row = 0; row < 2; row += 1) {
    for (let i = 0; i < 5 - row; i += 1) {
      const cx = x - w * 0.36 + (i + row * 0.5) * w * 0.18 + random.float(-1, 1);
      cv.circle(cx, ground - h - row * r * 1.4 + r * 0.3, r, i % 2 === 0 ? produce : darken(produce, 0.12));
    }
  }
  const wood = random.pick(WOOD);
  cv.rect(x - w / 2, ground - h, w, h, lighten(wood, 0.2));
  cv.line(x - w / 2, ground - h * 0.5, x + w / 2, ground - h * 0.5, darken(wood, 0.1), 1.2);
}

/** A zinc bucket of cut flowers. */
export function flowerBucket(cv: Canvas, x: number, ground: number, s: number, random: Random): void {
  const bloom = random.pick(['#e8505b', '#f7d046', '#f4f1ea', '#d66ba0', '#f08a3c', '#9b6bd6']);
  for (let i = 0; i < 7; i += 1) {
    const tx = x - 9 * s + i * 3 * s;
    const ty = ground - 30 * s - random.float(0, 10) * s;
    cv.line(x, ground - 14 * s, tx, ty, '#4d8b3f', 1.2 * s);
    cv.circle(tx, ty, 3.2 * s, i % 3 === 0 ? lighten(bloom, 0.25) : bloom);
  }
  cv.poly([x - 9 * s, ground - 16 * s, x + 9 * s, ground - 16 * s, x + 7 * s, ground, x - 7 * s, ground], '#a8b0b8');
}

export function bench(cv: Canvas, x: number, ground: number, w: number, colour: string): void {
  cv.rect(x - w / 2, ground - 16, w, 3, colour);
  cv.rect(x - w / 2, ground - 27, w, 3, colour);
  cv.rect(x - w / 2, ground - 22, w, 3, colour);
  cv.rect(x - w / 2 + 3, ground - 16, 3, 16, '#2c2f33');
  cv.rect(x + w / 2 - 6, ground - 16, 3, 16, '#2c2f33');
}

/** A person seen from afar: a shape, not a likeness. */
export function person(cv: Canvas, x: number, ground: number, h: number, coat: string, random: Random): void {
  const skin = random.pick(['#f1c7a5', '#d9a27c', '#a8714f', '#7a4a32', '#e8b890']);
  const hair = random.pick(['#2b1d16', '#5a3a22', '#b88a4a', '#1b1b1b', '#8a8a8a']);
  const legs = random.pick(['#2f3846', '#3d3d3d', '#5a4a3a', '#24304a']);
  cv.rect(x - h * 0.08, ground - h * 0.45, h * 0.07, h * 0.45, legs);
  cv.rect(x + h * 0.01, ground - h * 0.45, h * 0.07, h * 0.45, legs);
  cv.rect(x - h * 0.13, ground - h * 0.8, h * 0.26, h * 0.42, coat, { rx: h * 0.07 });
  cv.circle(x, ground - h * 0.88, h * 0.09, skin);
  cv.path(
    `M${r1(x - h * 0.09)} ${r1(ground - h * 0.88)}a${r1(h * 0.09)} ${r1(h * 0.09)} 0 0 1 ${r1(h * 0.18)} 0z`,
    hair,
  );
}

/** A lamp hanging from the ceiling on a cord. */
export function pendant(cv: Canvas, x: number, ceiling: number, drop: number, shade: string, lit: boolean): void {
  cv.line(x, ceiling, x, ceiling + drop, '#2c2c2c', 1.2);
  if (lit) cv.circle(x, ceiling + drop + 10, 34, cv.glow(LAMP_GLOW, 0.5), { emit: true });
  cv.path(
    `M${r1(x - 13)} ${r1(ceiling + drop + 10)}Q${r1(x)} ${r1(ceiling + drop - 8)} ${r1(x + 13)} ${r1(ceiling + drop + 10)}z`,
    shade,
  );
  cv.ellipse(x, ceiling + drop + 10, 5, 2.5, lit ? '#fff3c4' : '#e8e2d0', { emit: lit });
}

/** A string of bulbs sagging between two points. */
export function stringLights(cv: Canvas, x1: number, y1: number, x2: number, y2: number, lit: boolean): void {
  const sag = 16;
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2 + sag;
  cv.path(`M${r1(x1)} ${r1(y1)}Q${r1(mx)} ${r1(my + sag)} ${r1(x2)} ${r1(y2)}`, 'none', {
    stroke: '#2c2c2c',
    width: 1,
  });
  for (let t = 0.08; t < 1; t += 0.12) {
    const x = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * mx + t ** 2 * x2;
    const y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * (my + sag) + t ** 2 * y2;
    if (lit) cv.circle(x, y + 2, 7, cv.glow(LAMP_GLOW, 0.6), { emit: true });
    cv.circle(x, y + 2, 2.2, lit ? '#fff1b8' : '#f4efe0', { emit: lit });
  }
}

export function bunting(cv: Canvas, x1: number, y1: number, x2: number, y2: number, random: Random): void {
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2 + 18;
  cv.path(`M${r1(x1)} ${r1(y1)}Q${r1(mx)} ${r1(my + 18)} ${r1(x2)} ${r1(y2)}`, 'none', { stroke: '#5a5a5a', width: 1 });
  const flags = random.shuffle(BRIGHT);
  let i = 0;
  for (let t = 0.06; t < 0.97; t += 0.09) {
    const x = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * mx + t ** 2 * x2;
    const y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * (my + 18) + t ** 2 * y2;
    cv.poly([x - 5, y, x + 5, y, x, y + 11], flags[i % flags.length] as string);
    i += 1;
  }
}

export function pottedPlant(cv: Canvas, x: number, floor: number, h: number, pot: string, random: Random): void {
  const leaf = random.pick(['#3f7d3a', '#55924a', '#2f6b45', '#4a7a52']);
  for (let i = 0; i < 7; i += 1) {
    const angle = -Math.PI / 2 + (i - 3) * 0.32;
    const len = h * random.float(0.55, 0.8);
    const ex = x + Math.cos(angle) * len * 0.7;
    const ey = floor - h * 0.3 + Math.sin(angle) * len;
    cv.ellipse((x + ex) / 2, (floor - h * 0.3 + ey) / 2, h * 0.07, len * 0.5, i % 2 ? leaf : darken(leaf, 0.15), {
      extra: `transform="rotate(${r1((angle * 180) / Math.PI + 90)} ${r1((x + ex) / 2)} ${r1((floor - h * 0.3 + ey) / 2)})"`,
    });
  }
  cv.poly(
    [x - h * 0.17, floor - h * 0.32, x + h * 0.17, floor - h * 0.32, x + h * 0.13, floor, x - h * 0.13, floor],
    pot,
  );
}

/**
 * A window in a wall: glass that reflects the sky by day and glows when lamps are lit (`lit`),
 * a frame and a sill, and sometimes shutters or a box of flowers.
 */
export function wallWindow(
  cv: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { frame: string; lit: boolean; shutters?: string; flowers?: boolean; arch?: boolean },
  random: Random,
): void {
  const { frame, lit } = opts;
  if (opts.shutters) {
    cv.rect(x - w * 0.42, y, w * 0.38, h, opts.shutters);
    cv.rect(x + w * 1.04, y, w * 0.38, h, opts.shutters);
    for (let i = 1; i < 5; i += 1) {
      cv.line(x - w * 0.4, y + (h * i) / 5, x - w * 0.06, y + (h * i) / 5, darken(opts.shutters, 0.25), 1);
      cv.line(x + w * 1.06, y + (h * i) / 5, x + w * 1.4, y + (h * i) / 5, darken(opts.shutters, 0.25), 1);
    }
  }
  const glass = lit ? cv.vertical([LIT_WINDOW, '#e9a94f'], true) : cv.vertical(['#7fa3bf', '#4e6b85']);
  if (opts.arch) {
    // A round-headed window: straight sides under a half circle.
    const arch = (ax: number, ay: number, aw: number, ah: number) =>
      `M${r1(ax)} ${r1(ay + ah)}V${r1(ay + aw / 2)}A${r1(aw / 2)} ${r1(aw / 2)} 0 0 1 ${r1(ax + aw)} ${r1(ay + aw / 2)}V${r1(ay + ah)}z`;
    cv.path(arch(x - 2, y - 2, w + 4, h + 4), frame);
    cv.path(arch(x, y, w, h), glass, { emit: lit });
  } else {
    cv.rect(x - 2, y - 2, w + 4, h + 4, frame);
    cv.rect(x, y, w, h, glass, { emit: lit });
  }
  if (!lit && !opts.arch) {
    cv.poly([x + w * 0.15, y + h, x + w * 0.55, y, x + w * 0.75, y, x + w * 0.35, y + h], '#ffffff', { opacity: 0.12 });
  }
  cv.rect(x + w / 2 - 1, y + (opts.arch ? w * 0.1 : 0), 2, h - (opts.arch ? w * 0.1 : 0), frame);
  cv.rect(x, y + Math.max(h * 0.5, opts.arch ? w / 2 : 0) - 1, w, 2, frame);
  cv.rect(x - 4, y + h + 1, w + 8, 3, darken(frame, 0.1));
  if (opts.flowers) {
    cv.rect(x - 2, y + h - 3, w + 4, 6, '#7a5236');
    const bloom = random.pick(['#e8505b', '#f7d046', '#d66ba0', '#f08a3c']);
    for (let i = 0; i < 6; i += 1) cv.circle(x + (w * i) / 5, y + h - 5 - (i % 2) * 2, 2.6, i % 2 ? bloom : '#4d8b3f');
  }
}

/** A shop or house door with a glass panel and a handle. */
export function door(cv: Canvas, x: number, y: number, w: number, h: number, colour: string, lit: boolean): void {
  cv.rect(x - 3, y - 3, w + 6, h + 3, darken(colour, 0.35));
  cv.rect(x, y, w, h, colour);
  cv.rect(x + w * 0.16, y + h * 0.08, w * 0.68, h * 0.5, lit ? LIT_WINDOW : '#5f7f99', { emit: lit });
  cv.rect(x + w * 0.16, y + h * 0.66, w * 0.68, h * 0.26, darken(colour, 0.12));
  cv.circle(x + w * 0.82, y + h * 0.6, 2, '#d8c27a');
}
