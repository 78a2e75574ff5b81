import type { Random } from '../random.js';
import { type Canvas, HEIGHT, WIDTH, darken, lighten, mix, r1, type Light } from './canvas.js';
import { drawDisplay } from './displays.js';
import { article, BOLD, BRIGHT, capitalise, countWord, pickColour, WALLS, WOOD } from './palette.js';
import { bicycle, LIT_WINDOW, pendant, person, pottedPlant } from './parts.js';
import { startScene, type SceneContext } from './context.js';
import type { HourWeights, Weather } from './sky.js';
import type { Scene } from './types.js';

/**
 * A room seen from inside: a back wall with windows onto the street (which tell the hour), a
 * floor running towards the viewer, lamps, and the furniture of the place.
 */

export type Room =
  | 'dining'
  | 'bar'
  | 'cafe'
  | 'library'
  | 'salon'
  | 'gallery'
  | 'studio'
  | 'climbing'
  | 'auditorium'
  | 'stage'
  | 'workshop';

export interface InteriorRecipe {
  /** What an alt text calls the room's place: "restaurant", "wine bar". */
  noun: string;
  rooms: readonly Room[];
  hours: HourWeights;
}

/** Where the back wall meets the floor. */
const FLOOR = 212;
const VANISH = { x: WIDTH / 2, y: 120 };

interface RoomContext extends SceneContext {
  wall: string;
  /** Lamps burn indoors whatever the hour; after dark they are the only light. */
  dark: boolean;
}

/** Indoors the evening is warm lamplight, not the blue of the street. */
const indoorLight = (weather: Weather): Light =>
  weather.light.lamps ? { tint: '#ffb870', amount: 0.12, lamps: true } : { tint: '#ffffff', amount: 0, lamps: false };

export function drawInterior(recipe: InteriorRecipe, random: Random): Scene {
  const scene = startScene(recipe.hours, recipe.noun, random, indoorLight);
  const room = random.pick(recipe.rooms);
  const ctx: RoomContext = { ...scene, wall: pickColour(WALLS, random).hex, dark: scene.lamps };
  const what = ROOMS[room](ctx);
  return { svg: scene.cv.toSvg(), alt: `${capitalise(what)}, ${scene.weather.indoors}` };
}

function backWall(ctx: RoomContext, colour: string, wainscot: boolean): void {
  const { cv } = ctx;
  cv.rect(0, 0, WIDTH, FLOOR, cv.vertical([lighten(colour, 0.06), darken(colour, 0.06)]));
  if (wainscot) {
    cv.rect(0, FLOOR - 64, WIDTH, 64, darken(colour, 0.22));
    cv.rect(0, FLOOR - 66, WIDTH, 4, darken(colour, 0.35));
  }
}

function floor(ctx: RoomContext, kind: 'planks' | 'tiles' | 'concrete'): string {
  const { cv, random } = ctx;
  const base =
    kind === 'planks'
      ? random.pick(WOOD)
      : kind === 'tiles'
        ? random.pick(['#d9d2c3', '#8c3b2f', '#3a3f45'])
        : '#9a9a96';
  cv.rect(0, FLOOR, WIDTH, HEIGHT - FLOOR, cv.vertical([darken(base, 0.1), lighten(base, 0.08)]));
  if (kind === 'planks' || kind === 'tiles') {
    for (let x = -400; x <= WIDTH + 400; x += kind === 'planks' ? 34 : 48) {
      const t = (FLOOR - VANISH.y) / (HEIGHT - VANISH.y);
      cv.line(VANISH.x + (x - VANISH.x) * t, FLOOR, x, HEIGHT, darken(base, 0.22), 0.8);
    }
  }
  if (kind === 'tiles') {
    for (let y = FLOOR + 8, step = 8; y < HEIGHT; step *= 1.35, y += step)
      cv.line(0, y, WIDTH, y, darken(base, 0.22), 0.8);
  }
  cv.rect(0, FLOOR - 2, WIDTH, 4, darken(base, 0.35));
  return base;
}

/** A window in the back wall onto the street outside, at the scene's hour. */
function streetWindow(ctx: RoomContext, x: number, y: number, w: number, h: number, frame: string): void {
  const { cv, weather, random } = ctx;
  const sky = {
    morning: ['#9fd0ef', '#fbe6c6'],
    midday: ['#5aa5e2', '#cbe8f8'],
    afternoon: ['#74b0de', '#f3dcb0'],
    dusk: ['#4a4578', '#f0a070'],
    evening: ['#1d2a55', '#5c4f85'],
    night: ['#0b1128', '#232c58'],
  }[weather.hour];
  cv.clip(x, y, w, h, () => {
    cv.rect(x, y, w, h, cv.vertical(sky, true), { emit: true });
    let bx = x - 6;
    while (bx < x + w) {
      const bw = random.int(16, 34);
      const bh = random.int(Math.round(h * 0.2), Math.round(h * 0.6));
      const tone = ctx.dark ? '#262a40' : mix('#8b96a8', sky[1] as string, 0.3);
      cv.rect(bx, y + h - bh, bw, bh, tone, { emit: true });
      if (ctx.dark) {
        for (let wy = y + h - bh + 5; wy < y + h - 6; wy += 9) {
          if (random.chance(0.4)) cv.rect(bx + 4, wy, 4, 4, LIT_WINDOW, { emit: true });
        }
      }
      bx += bw + 2;
    }
  });
  cv.rect(x, y, w, h, 'none', { stroke: frame, width: 6 });
  cv.rect(x + w / 2 - 2, y, 4, h, frame);
  if (h > 70) cv.rect(x, y + h * 0.4, w, 4, frame);
}

function windows(ctx: RoomContext, count: number, top: number, h: number, frame: string): void {
  const gap = WIDTH / count;
  for (let i = 0; i < count; i += 1) streetWindow(ctx, i * gap + gap * 0.2, top, gap * 0.6, h, frame);
}

function lamps(ctx: RoomContext, count: number, drop: [number, number], shade: string, always = false): void {
  const gap = WIDTH / count;
  for (let i = 0; i < count; i += 1) {
    pendant(ctx.cv, i * gap + gap / 2, 0, ctx.random.int(drop[0], drop[1]), shade, always || ctx.dark);
  }
}

function chairSide(cv: Canvas, x: number, ground: number, s: number, side: number, colour: string): void {
  cv.rect(x - 8 * s, ground - 20 * s, 16 * s, 3 * s, colour);
  cv.rect(x + side * 6 * s, ground - 42 * s, 3 * s, 25 * s, colour);
  cv.rect(x - 7 * s, ground - 18 * s, 2.4 * s, 18 * s, darken(colour, 0.2));
  cv.rect(x + 5 * s, ground - 18 * s, 2.4 * s, 18 * s, darken(colour, 0.2));
}

function diningTable(ctx: RoomContext, x: number, ground: number, s: number, cloth: string, chair: string): void {
  const { cv, random } = ctx;
  chairSide(cv, x - 34 * s, ground, s, -1, chair);
  chairSide(cv, x + 34 * s, ground, s, 1, chair);
  cv.rect(x - 3 * s, ground - 26 * s, 6 * s, 26 * s, darken(chair, 0.3));
  cv.rect(x - 28 * s, ground - 30 * s, 56 * s, 14 * s, cloth, { rx: 2 * s });
  cv.rect(x - 28 * s, ground - 31 * s, 56 * s, 3 * s, lighten(cloth, 0.15));
  // Glasses, and a candle or a little vase.
  for (const dx of [-16, 12]) {
    cv.path(`M${r1(x + (dx - 3) * s)} ${r1(ground - 40 * s)}h${r1(6 * s)}l${r1(-2 * s)} ${r1(5 * s)}z`, '#dfe8ee', {
      opacity: 0.8,
    });
    cv.line(x + dx * s, ground - 35 * s, x + dx * s, ground - 31 * s, '#dfe8ee', 0.8 * s);
  }
  if (ctx.dark && random.chance(0.7)) {
    cv.rect(x - 1.5 * s, ground - 40 * s, 3 * s, 9 * s, '#f4efe4');
    cv.circle(x, ground - 42 * s, 6 * s, cv.glow('#ffd98a', 0.7), { emit: true });
    cv.ellipse(x, ground - 42 * s, 1.2 * s, 2.2 * s, '#ffe9a0', { emit: true });
  } else {
    cv.rect(x - 2 * s, ground - 39 * s, 4 * s, 8 * s, '#9fc4c4');
    cv.circle(x, ground - 41 * s, 3 * s, random.pick(['#e8505b', '#f7d046', '#f4f1ea']));
  }
}

function stool(cv: Canvas, x: number, ground: number, s: number, seat: string): void {
  cv.ellipse(x, ground - 44 * s, 11 * s, 3.5 * s, seat);
  cv.rect(x - 11 * s, ground - 44 * s, 22 * s, 4 * s, seat);
  cv.line(x - 6 * s, ground - 40 * s, x - 9 * s, ground, '#2c2c2c', 2 * s);
  cv.line(x + 6 * s, ground - 40 * s, x + 9 * s, ground, '#2c2c2c', 2 * s);
  cv.line(x - 8 * s, ground - 16 * s, x + 8 * s, ground - 16 * s, '#2c2c2c', 1.6 * s);
}

function painting(cv: Canvas, x: number, y: number, w: number, h: number, frame: string, random: Random): void {
  cv.rect(x - 4, y - 4, w + 8, h + 8, frame);
  const ground = random.pick(['#f3efe4', '#1f2a44', '#e9d8b4', '#d6e3e8', '#2a2a2e']);
  cv.rect(x, y, w, h, ground);
  cv.clip(x, y, w, h, () => {
    const shapes = random.int(2, 5);
    for (let i = 0; i < shapes; i += 1) {
      const colour = random.pick(BRIGHT);
      const kind = random.int(0, 2);
      if (kind === 0)
        cv.circle(
          x + random.float(0.2, 0.8) * w,
          y + random.float(0.2, 0.8) * h,
          random.float(0.12, 0.35) * Math.min(w, h),
          colour,
        );
      else if (kind === 1)
        cv.rect(
          x + random.float(0, 0.6) * w,
          y + random.float(0, 0.6) * h,
          random.float(0.2, 0.5) * w,
          random.float(0.2, 0.5) * h,
          colour,
        );
      else
        cv.poly(
          [x, y + h * random.float(0.5, 1), x + w, y + h * random.float(0.3, 0.9), x + w, y + h, x, y + h],
          colour,
        );
    }
  });
}

const ROOMS: Readonly<Record<Room, (ctx: RoomContext) => string>> = {
  dining(ctx) {
    const { cv, random } = ctx;
    backWall(ctx, ctx.wall, random.chance(0.6));
    const frame = random.pick(['#2a2a2e', '#f3f1ea', '#5a3a29']);
    const count = random.int(2, 3);
    windows(ctx, count, 40, 100, frame);
    floor(ctx, random.pick(['planks', 'tiles'] as const));
    const lampShade = pickColour(BOLD, random);
    lamps(ctx, random.int(3, 4), [26, 44], lampShade.hex, true);
    const cloth = random.pick([
      { name: 'white', hex: '#f4f1ea' },
      { name: 'red', hex: '#c23b2e' },
      { name: 'blue', hex: '#3d5f8f' },
      { name: 'cream', hex: '#efe3c8' },
      { name: 'green', hex: '#4f7d5a' },
    ]);
    const chair = random.pick(WOOD);
    const back = random.int(2, 3);
    for (let i = 0; i < back; i += 1) diningTable(ctx, ((i + 0.5) * WIDTH) / back, FLOOR + 40, 1.15, cloth.hex, chair);
    const front = random.chance(0.5) ? [110, 370] : [240];
    for (const x of front) diningTable(ctx, x, HEIGHT + 10, 2, cloth.hex, chair);
    if (random.chance(0.5)) pottedPlant(cv, random.chance(0.5) ? 26 : WIDTH - 26, FLOOR + 40, 80, '#b5603c', random);
    const tables = back + front.length;
    return random.pick([
      `${article(ctx.noun)} ${ctx.noun} dining room with ${countWord(tables)} ${cloth.name}-clothed tables under ${lampShade.name} pendant lamps`,
      `Tables laid with ${cloth.name} cloths in ${article(ctx.noun)} ${ctx.noun}, ${lampShade.name} lamps hanging overhead`,
    ]);
  },
  bar(ctx) {
    const { cv, random } = ctx;
    const wall = random.pick(['#2f3a33', '#3a2a2a', '#22303f', ctx.wall]);
    backWall(ctx, wall, false);
    const shelves = { x: 60, y: 30, w: WIDTH - 120, h: 120 };
    cv.rect(shelves.x - 8, shelves.y - 8, shelves.w + 16, shelves.h + 16, darken(wall, 0.3));
    if (random.chance(0.5)) cv.rect(shelves.x, shelves.y, shelves.w, shelves.h, '#a9b8bf', { opacity: 0.35 });
    drawDisplay(cv, 'bottles', shelves, random);
    floor(ctx, 'planks');
    const wood = random.pick(WOOD);
    const counterTop = 222;
    cv.rect(0, counterTop, WIDTH, 60, wood);
    cv.rect(0, counterTop - 6, WIDTH, 8, lighten(wood, 0.25));
    for (let x = 20; x < WIDTH; x += 50) cv.rect(x, counterTop + 8, 40, 44, darken(wood, 0.12), { rx: 2 });
    const taps = random.int(3, 6);
    for (let i = 0; i < taps; i += 1) {
      const x = 150 + i * 22;
      cv.rect(x - 2, counterTop - 30, 4, 24, '#c9ced3');
      cv.rect(x - 3, counterTop - 40, 6, 12, random.pick(BRIGHT), { rx: 2 });
    }
    const shade = pickColour(BOLD, random);
    lamps(ctx, random.int(3, 5), [10, 24], shade.hex, true);
    const seat = random.pick(['#7a2238', '#2a2a2e', '#2f7d4f', '#8a5a3b']);
    const stools = random.int(3, 5);
    for (let i = 0; i < stools; i += 1) stool(cv, ((i + 0.5) * WIDTH) / stools, HEIGHT - 4, 1.25, seat);
    return random.pick([
      `${article(ctx.noun)} ${ctx.noun} with a long wooden counter, ${countWord(stools)} stools and shelves of bottles behind`,
      `Shelves of bottles behind the counter of ${article(ctx.noun)} ${ctx.noun}, beer taps and ${countWord(stools)} bar stools in front`,
    ]);
  },
  cafe(ctx) {
    const { cv, random } = ctx;
    backWall(ctx, ctx.wall, false);
    if (/bakery|patisserie|cake/.test(ctx.noun)) {
      // A bakery's wall is bread, and its counter a glass case of cakes.
      const wood = random.pick(WOOD);
      cv.rect(30, 20, WIDTH - 60, 150, darken(wood, 0.2));
      drawDisplay(cv, 'bread', { x: 36, y: 26, w: WIDTH - 72, h: 140 }, random);
      floor(ctx, 'tiles');
      cv.rect(20, 200, WIDTH - 40, 60, wood);
      cv.rect(30, 168, WIDTH - 60, 36, '#dfeef2', { opacity: 0.6 });
      drawDisplay(cv, 'cakes', { x: 30, y: 166, w: WIDTH - 60, h: 36 }, random);
      cv.rect(20, 198, WIDTH - 40, 4, lighten(wood, 0.3));
      lamps(ctx, 3, [12, 24], pickColour(BOLD, random).hex);
      return random.pick([
        `Inside ${article(ctx.noun)} ${ctx.noun}: shelves of bread behind a glass counter of cakes`,
        `Loaves stacked on the shelves of ${article(ctx.noun)} ${ctx.noun}, cakes in the counter below`,
      ]);
    }
    // Tiles behind the counter and a shelf of cups; the counter brings its own blackboard.
    cv.rect(30, 30, WIDTH - 60, FLOOR - 30, '#f1efe8');
    for (let y = 38; y < FLOOR; y += 10) cv.line(30, y, WIDTH - 30, y, '#d9d5cc', 0.8);
    for (let x = 50; x < 230; x += 28) {
      cv.rect(x, 92, 22, 4, '#8a5a3b');
      cv.rect(x + 4, 80, 13, 12, random.pick(['#f4efe4', '#2f6fb0', '#c23b2e', '#d19a1c']));
    }
    floor(ctx, 'tiles');
    drawDisplay(cv, 'coffee', { x: 20, y: 40, w: WIDTH - 40, h: 210 }, random);
    lamps(ctx, 3, [14, 30], pickColour(BOLD, random).hex);
    const tableColour = random.pick(['#2a2a2e', '#f4f1ea', '#8a5a3b']);
    for (const x of [90, 390]) {
      cv.rect(x - 3, HEIGHT - 40, 6, 40, darken(tableColour, 0.2));
      cv.ellipse(x, HEIGHT - 42, 54, 11, tableColour);
      cv.rect(x - 14, HEIGHT - 62, 14, 16, '#f4efe4');
      cv.rect(x, HEIGHT - 58, 4, 7, 'none', { stroke: '#f4efe4', width: 2 });
    }
    return random.pick([
      `Inside ${article(ctx.noun)} ${ctx.noun}: a wooden counter with an espresso machine, a blackboard and cups on a shelf`,
      `${article(ctx.noun)} ${ctx.noun} counter with an espresso machine, small tables in the foreground`,
    ]);
  },
  library(ctx) {
    const { cv, random } = ctx;
    backWall(ctx, ctx.wall, false);
    const wood = random.pick(WOOD);
    cv.rect(10, 6, WIDTH - 20, FLOOR + 6, darken(wood, 0.25));
    drawDisplay(cv, 'books', { x: 18, y: 10, w: WIDTH - 36, h: FLOOR - 8 }, random);
    for (let x = 10; x < WIDTH; x += (WIDTH - 20) / 3) cv.rect(x, 6, 8, FLOOR, wood);
    floor(ctx, 'planks');
    const rug = pickColour(BOLD, random);
    cv.poly([120, 240, 360, 240, 420, 300, 60, 300], rug.hex);
    cv.poly([130, 246, 350, 246, 400, 294, 80, 294], 'none', { stroke: lighten(rug.hex, 0.35), width: 3 });
    // The ladder, leaning on the shelves.
    const lx = random.int(90, 390);
    cv.line(lx - 20, 20, lx - 38, FLOOR + 40, wood, 4);
    cv.line(lx + 10, 20, lx - 8, FLOOR + 40, wood, 4);
    for (let y = 40; y < FLOOR + 40; y += 24) {
      const t = (y - 20) / (FLOOR + 20);
      cv.line(lx - 20 - 18 * t, y, lx + 10 - 18 * t, y, wood, 3);
    }
    const chair = pickColour(BOLD, random);
    const cx = lx > 240 ? 110 : 370;
    cv.rect(cx - 36, 222, 72, 58, chair.hex, { rx: 16 });
    cv.rect(cx - 46, 246, 20, 42, darken(chair.hex, 0.1), { rx: 8 });
    cv.rect(cx + 26, 246, 20, 42, darken(chair.hex, 0.1), { rx: 8 });
    cv.rect(cx - 30, 258, 60, 24, lighten(chair.hex, 0.1), { rx: 6 });
    if (ctx.dark || random.chance(0.5)) {
      const lampX = cx + (cx > 240 ? 70 : -70);
      cv.line(lampX, 296, lampX, 180, '#2c2c2c', 2);
      if (ctx.dark) cv.circle(lampX, 186, 40, cv.glow('#ffd98a', 0.5), { emit: true });
      cv.poly([lampX - 14, 190, lampX + 14, 190, lampX + 8, 172, lampX - 8, 172], '#efe3c8');
    }
    return random.pick([
      `Floor-to-ceiling bookshelves in ${article(ctx.noun)} ${ctx.noun}, with a ladder and ${article(chair.name)} ${chair.name} armchair on a rug`,
      `${article(ctx.noun)} ${ctx.noun} lined with full shelves, a library ladder and a reading chair`,
    ]);
  },
  salon(ctx) {
    const { cv, random } = ctx;
    backWall(ctx, ctx.wall, false);
    floor(ctx, random.pick(['planks', 'tiles'] as const));
    const frame = random.pick(['#c9a86a', '#2a2a2e', '#f3f1ea']);
    const count = random.int(2, 3);
    const seat = pickColour(BOLD, random);
    for (let i = 0; i < count; i += 1) {
      const x = ((i + 0.5) * WIDTH) / count;
      cv.rect(x - 36, 40, 72, 110, frame, { rx: random.chance(0.5) ? 36 : 4 });
      cv.rect(x - 31, 45, 62, 100, '#d6e6ec', { rx: 32 });
      cv.poly([x - 20, 145, x + 10, 45, x + 22, 45, x - 8, 145], '#ffffff', { opacity: 0.25 });
      cv.rect(x - 40, 156, 80, 6, frame);
      for (let b = 0; b < 4; b += 1) cv.rect(x - 30 + b * 16, 142, 8, 14, random.pick(BRIGHT), { rx: 2 });
      cv.rect(x - 24, 196, 48, 50, seat.hex, { rx: 10 });
      cv.rect(x - 30, 232, 60, 14, darken(seat.hex, 0.15), { rx: 5 });
      cv.rect(x - 4, 246, 8, 34, '#9aa0a6');
      cv.ellipse(x, 282, 22, 5, '#9aa0a6');
    }
    pottedPlant(cv, WIDTH - 24, 300, 90, '#e0d8c8', random);
    lamps(ctx, count + 1, [12, 22], '#f3f1ea');
    return `${article(ctx.noun)} ${ctx.noun} with ${countWord(count)} ${seat.name} styling chairs facing tall mirrors`;
  },
  gallery(ctx) {
    const { cv, random } = ctx;
    backWall(ctx, random.pick(['#f4f2ee', '#ecebe6', '#e4e1da']), false);
    floor(ctx, random.pick(['planks', 'concrete'] as const));
    const frame = random.pick(['#2a2a2e', '#c9a86a', '#f4f2ee', '#8a5a3b']);
    const count = random.int(2, 4);
    for (let i = 0; i < count; i += 1) {
      const w = random.int(60, Math.min(140, Math.floor(WIDTH / count) - 30));
      const h = random.int(50, 110);
      const x = ((i + 0.5) * WIDTH) / count - w / 2;
      const y = 40 + random.int(0, 110 - h + 20);
      cv.poly([x + w / 2 - 8, 0, x + w / 2 + 8, 0, x + w + 20, y + h + 20, x - 20, y + h + 20], '#fff8e0', {
        opacity: 0.18,
      });
      painting(cv, x, y, w, h, frame, random);
    }
    const bench = random.pick(WOOD);
    cv.rect(150, 262, 180, 12, bench);
    cv.rect(160, 274, 10, 22, darken(bench, 0.3));
    cv.rect(310, 274, 10, 22, darken(bench, 0.3));
    const visitors = random.int(0, 2);
    for (let i = 0; i < visitors; i += 1)
      person(cv, random.int(60, 420), random.int(250, 300), random.int(110, 140), pickColour(BOLD, random).hex, random);
    return `${capitalise(countWord(count))} paintings on the white walls of ${article(ctx.noun)} ${ctx.noun}, with a bench in the middle${visitors > 0 ? ` and ${visitors === 1 ? 'a visitor' : 'two visitors'}` : ''}`;
  },
  studio(ctx) {
    const { cv, random } = ctx;
    backWall(ctx, ctx.wall, false);
    windows(ctx, random.int(2, 3), 24, 130, '#f3f1ea');
    floor(ctx, 'planks');
    const mats = random.int(3, 5);
    const colour = pickColour(BOLD, random);
    for (let i = 0; i < mats; i += 1) {
      const x = ((i + 0.5) * WIDTH) / mats;
      cv.poly([x - 22, 236, x + 22, 236, x + 34, 310, x - 34, 310], i % 2 ? colour.hex : lighten(colour.hex, 0.25));
    }
    pottedPlant(cv, 24, 262, 90, '#e0d8c8', random);
    pottedPlant(cv, WIDTH - 24, 262, 80, '#b5603c', random);
    return `A bright ${ctx.noun} with tall windows and ${countWord(mats)} ${colour.name} mats laid out on a wooden floor`;
  },
  climbing(ctx) {
    const { cv, random } = ctx;
    backWall(ctx, '#7d8a96', false);
    const panels = ['#e6e1d6', '#c9d6df', '#2f4b5c', '#d6c2a0'];
    for (let i = 0; i < 5; i += 1) {
      const x = i * 96;
      cv.poly(
        [x, 0, x + 96, 0, x + 96 + random.int(-14, 14), FLOOR, x + random.int(-14, 14), FLOOR],
        random.pick(panels),
      );
    }
    for (let i = 0; i < 70; i += 1) {
      const colour = random.pick(['#e4572e', '#f3a712', '#29a36a', '#2f6fb0', '#db5461', '#8e44ad', '#f0c808']);
      cv.ellipse(random.int(6, WIDTH - 6), random.int(10, FLOOR - 10), random.int(3, 7), random.int(3, 6), colour);
    }
    floor(ctx, 'concrete');
    cv.rect(0, FLOOR + 6, WIDTH, 40, '#2f3a4a');
    const climbers = random.int(1, 2);
    for (let i = 0; i < climbers; i += 1)
      person(cv, random.int(80, 400), random.int(100, 190), 70, pickColour(BOLD, random).hex, random);
    return `A bouldering wall covered in coloured holds, with ${climbers === 1 ? 'a climber' : 'two climbers'} and crash mats below`;
  },
  auditorium(ctx) {
    const { cv, random } = ctx;
    const curtain = pickColour(BOLD, random, ['black', 'olive', 'mustard']);
    cv.rect(0, 0, WIDTH, HEIGHT, '#1a1418');
    cv.rect(40, 30, WIDTH - 80, 150, darken(curtain.hex, 0.35));
    for (let x = 40; x < WIDTH - 40; x += 16) cv.rect(x, 30, 8, 150, darken(curtain.hex, 0.15));
    const open = random.chance(0.5);
    if (open) {
      cv.rect(150, 40, 180, 140, '#2a2430');
      cv.circle(240, 180, 90, cv.glow('#fff1c8', 0.45), { emit: true });
      cv.path(`M40 30h130q-30 80 -20 150h-110z`, curtain.hex);
      cv.path(`M${WIDTH - 40} 30h-130q30 80 20 150h110z`, curtain.hex);
    }
    cv.path(
      `M30 20h${WIDTH - 60}v22q-${(WIDTH - 60) / 4} 14 -${(WIDTH - 60) / 2} 0q-${(WIDTH - 60) / 4} 14 -${(WIDTH - 60) / 2} 0z`,
      curtain.hex,
    );
    cv.rect(20, 180, WIDTH - 40, 16, '#5a3a29');
    for (let row = 0; row < 4; row += 1) {
      const y = 214 + row * 28;
      const s = 1 + row * 0.18;
      for (let x = -10 + (row % 2) * 12; x < WIDTH + 20; x += 34 * s) {
        cv.rect(x, y, 30 * s, 26 * s, darken(curtain.hex, 0.45), { rx: 8 * s });
        if (random.chance(0.35)) cv.circle(x + 15 * s, y - 4 * s, 8 * s, '#0f0b10');
      }
    }
    return `${open ? 'An open stage with' : 'A stage behind drawn'} ${curtain.name} curtains, seen over rows of seats in ${article(ctx.noun)} ${ctx.noun}`;
  },
  stage(ctx) {
    const { cv, random } = ctx;
    cv.rect(0, 0, WIDTH, HEIGHT, '#120e18');
    const beam = pickColour(BOLD, random, ['black', 'dark green', 'navy', 'burgundy', 'olive']);
    const beam2 = pickColour(BOLD, random, ['black', 'dark green', 'navy', 'burgundy', 'olive', beam.name]);
    for (const [x, colour] of [
      [120, beam.hex],
      [240, beam2.hex],
      [360, beam.hex],
    ] as const) {
      cv.poly([x - 6, 0, x + 6, 0, x + 70, 200, x - 70, 200], colour, { emit: true, opacity: 0.28 });
    }
    cv.rect(0, 190, WIDTH, 30, '#2a2026');
    // A drum kit, amplifiers and a microphone.
    cv.rect(60, 140, 54, 50, '#2a2a2e', { rx: 3 });
    cv.rect(66, 146, 42, 38, '#3a3a40');
    cv.rect(370, 150, 46, 40, '#2a2a2e', { rx: 3 });
    cv.circle(240, 170, 20, '#d9d2c3');
    cv.circle(240, 170, 15, darken(beam.hex, 0.2));
    cv.ellipse(210, 168, 13, 6, '#d9d2c3');
    cv.ellipse(272, 166, 13, 6, '#d9d2c3');
    cv.ellipse(200, 132, 16, 3, '#d8c27a');
    cv.line(200, 132, 200, 190, '#9aa0a6', 1.5);
    cv.ellipse(284, 128, 16, 3, '#d8c27a');
    cv.line(284, 128, 284, 190, '#9aa0a6', 1.5);
    cv.line(150, 190, 150, 118, '#9aa0a6', 2);
    cv.circle(150, 114, 4, '#2a2a2e');
    const crowd = random.int(8, 14);
    for (let i = 0; i < crowd; i += 1) {
      const x = random.int(0, WIDTH);
      const y = random.int(250, 300);
      cv.circle(x, y, random.int(14, 18), '#08060a');
      cv.rect(x - 24, y + 12, 48, 60, '#08060a', { rx: 16 });
    }
    return `A small stage with a drum kit, amplifiers and a microphone under ${beam.name} and ${beam2.name} lights, a crowd in front`;
  },
  workshop(ctx) {
    const { cv, random } = ctx;
    backWall(ctx, ctx.wall, false);
    const board = { x: 40, y: 30, w: WIDTH - 80, h: 110 };
    drawDisplay(cv, 'tools', board, random);
    floor(ctx, 'concrete');
    const wood = random.pick(WOOD);
    cv.rect(20, 170, 200, 12, wood);
    cv.rect(28, 182, 10, 60, darken(wood, 0.3));
    cv.rect(200, 182, 10, 60, darken(wood, 0.3));
    cv.rect(60, 150, 40, 20, pickColour(BOLD, random).hex, { rx: 3 });
    const frame = random.pick(BRIGHT);
    cv.line(340, 300, 340, 200, '#2c2c2c', 4);
    cv.line(300, 300, 380, 300, '#2c2c2c', 4);
    bicycle(cv, 340, 258, 2.4, frame);
    lamps(ctx, 2, [16, 26], '#3a3f45');
    return `${article(ctx.noun)} ${ctx.noun} workshop with tools on a pegboard, a workbench and a bicycle up on a repair stand`;
  },
};
