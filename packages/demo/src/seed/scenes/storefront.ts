import type { Random } from '../random.js';
import { type Canvas, WIDTH, darken, lighten } from './canvas.js';
import { DISPLAY_PHRASES, drawDisplay, type Display } from './displays.js';
import { article, BOLD, capitalise, BRIGHT, countWord, pickColour, WALLS, WOOD } from './palette.js';
import {
  bench,
  bicycle,
  bistroSet,
  crate,
  door,
  flowerBucket,
  lampPost,
  pendant,
  planter,
  tree,
  wallWindow,
} from './parts.js';
import { startScene } from './context.js';
import type { HourWeights } from './sky.js';
import { GROUND, neighbour, streetBackdrop } from './street.js';
import type { Scene } from './types.js';

/**
 * A shop seen from across the street: its building with upper floors, a fascia, perhaps an
 * awning, a display window with what it sells, a door, and things on the pavement in front.
 */

export type Outside = 'tables' | 'crates' | 'buckets' | 'bikes' | 'planters' | 'bench' | 'pole' | 'tree' | 'cross';

export interface ShopfrontRecipe {
  /** What an alt text calls the place: "café", "bookshop". */
  noun: string;
  displays: readonly Display[];
  outside: readonly Outside[];
  hours: HourWeights;
  /** How likely an awning is. */
  awning: number;
}

export function drawShopfront(recipe: ShopfrontRecipe, random: Random): Scene {
  const { cv, weather, lamps } = startScene(recipe.hours, recipe.noun, random);
  streetBackdrop(cv, weather, random);

  const width = random.int(250, 320);
  const left = random.int(Math.round((WIDTH - width) / 2) - 40, Math.round((WIDTH - width) / 2) + 40);
  const right = left + width;
  const top = random.int(-10, 50);
  neighbour(cv, -20, left + 20, random.int(20, 90), weather, random);
  neighbour(cv, right, WIDTH - right + 20, random.int(20, 90), weather, random);

  const wall = pickColour(WALLS, random);
  const shop = pickColour(BOLD, random);
  // The building and its upper floors.
  cv.rect(left, top, width, GROUND - top, wall.hex);
  cv.rect(left - 4, top - 4, width + 8, 10, darken(wall.hex, 0.25));
  const upper = {
    frame: lighten(wall.hex, 0.5),
    shutters: random.chance(0.35) ? pickColour(BOLD, random, [shop.name]).hex : undefined,
    flowers: random.chance(0.35),
    arch: random.chance(0.2),
  };
  const columns = upper.shutters ? random.int(2, 3) : random.int(3, 4);
  for (let row = top + 24; row < 100; row += 62) {
    for (let c = 0; c < columns; c += 1) {
      const cw = width / columns;
      wallWindow(
        cv,
        left + c * cw + cw * 0.32,
        row,
        cw * 0.36,
        40,
        { ...upper, lit: lamps && random.chance(0.5) },
        random,
      );
    }
  }

  // The shopfront: fascia, window, door.
  const fasciaTop = GROUND - 122;
  cv.rect(left + 6, fasciaTop, width - 12, 24, shop.hex);
  cv.rect(left + 6, fasciaTop + 22, width - 12, 3, darken(shop.hex, 0.3));
  cv.rect(left + 6, fasciaTop + 25, width - 12, GROUND - fasciaTop - 25, darken(shop.hex, 0.15));
  const doorW = 46;
  const doorLeft = random.chance(0.5);
  const doorX = doorLeft ? left + 18 : right - 18 - doorW;
  const glassTop = fasciaTop + 34;
  const glass = {
    x: doorLeft ? doorX + doorW + 10 : left + 18,
    y: glassTop,
    w: width - 36 - doorW - 10,
    h: GROUND - 22 - glassTop,
  };
  const display = random.pick(recipe.displays);
  cv.clip(glass.x, glass.y, glass.w, glass.h, () => {
    cv.rect(glass.x, glass.y, glass.w, glass.h, lamps ? cv.vertical(['#f6d99a', '#d9a55a'], true) : '#e9dfcc', {
      emit: lamps,
    });
    if (lamps) pendant(cv, glass.x + glass.w * random.float(0.3, 0.7), glass.y, 6, darken(shop.hex, 0.2), true);
    drawDisplay(cv, display, glass, random);
    if (!lamps) {
      cv.rect(glass.x, glass.y, glass.w, glass.h, '#6d8aa3', { opacity: 0.28 });
      cv.poly(
        [
          glass.x + glass.w * 0.1,
          glass.y + glass.h,
          glass.x + glass.w * 0.45,
          glass.y,
          glass.x + glass.w * 0.62,
          glass.y,
          glass.x + glass.w * 0.27,
          glass.y + glass.h,
        ],
        '#ffffff',
        { opacity: 0.14 },
      );
    }
  });
  cv.rect(glass.x - 3, glass.y - 3, glass.w + 6, glass.h + 6, 'none', { stroke: darken(shop.hex, 0.3), width: 4 });
  cv.rect(glass.x + glass.w / 2 - 1.5, glass.y, 3, glass.h, darken(shop.hex, 0.3));
  door(cv, doorX, fasciaTop + 30, doorW, GROUND - fasciaTop - 30, darken(shop.hex, 0.05), lamps);
  cv.rect(doorX - 6, GROUND - 3, doorW + 12, 3, '#8f8a82');

  // The awning, striped or plain, over the window.
  let awningPhrase = '';
  if (random.chance(recipe.awning)) {
    const awning = pickColour(BOLD, random);
    const striped = random.chance(0.45);
    const ax = left + 10;
    const aw = width - 20;
    const ay = fasciaTop + 26;
    const depth = random.int(22, 30);
    cv.poly([ax, ay, ax + aw, ay, ax + aw + 12, ay + depth, ax - 12, ay + depth], awning.hex);
    if (striped) {
      const stripes = Math.round(aw / 22);
      for (let i = 0; i < stripes; i += 2) {
        const t0 = i / stripes;
        const t1 = (i + 1) / stripes;
        const topX = (t: number) => ax + aw * t;
        const botX = (t: number) => ax - 12 + (aw + 24) * t;
        cv.poly([topX(t0), ay, topX(t1), ay, botX(t1), ay + depth, botX(t0), ay + depth], '#f4efe4');
      }
    }
    const scallops = Math.round((aw + 24) / 18);
    for (let i = 0; i < scallops; i += 1) {
      const sx = ax - 12 + ((aw + 24) * (i + 0.5)) / scallops;
      cv.path(`M${sx - 9} ${ay + depth}a9 7 0 0 0 18 0z`, striped && i % 2 === 0 ? '#e8e2d6' : darken(awning.hex, 0.1));
    }
    cv.poly(
      [ax - 12, ay + depth, ax + aw + 12, ay + depth, ax + aw + 12, ay + depth + 2, ax - 12, ay + depth + 2],
      darken(awning.hex, 0.35),
    );
    awningPhrase = striped
      ? `${article(awning.name)} ${awning.name}-and-white striped awning`
      : `${article(awning.name)} ${awning.name} awning`;
  }

  const outside = drawOutside(cv, random.pick(recipe.outside), left, right, doorX, doorW, lamps, random);
  if (random.chance(0.35)) {
    const lx = random.chance(0.5)
      ? random.int(14, Math.max(16, left - 10))
      : random.int(Math.min(right + 10, WIDTH - 16), WIDTH - 14);
    lampPost(cv, lx, GROUND + 20, 120, lamps);
  }

  const what = DISPLAY_PHRASES[display];
  const shown = random.pick(what);
  const subject = awningPhrase
    ? `${article(recipe.noun)} ${recipe.noun} with ${awningPhrase}`
    : `${article(recipe.noun)} ${recipe.noun} with ${article(shop.name)} ${shop.name} shopfront in ${article(wall.name)} ${wall.name} building`;
  const parts = [shown, outside].filter(Boolean);
  const alt = `${capitalise(subject)}, ${parts.join(' and ')}, ${weather.when}`;
  return { svg: cv.toSvg(), alt };
}

function drawOutside(
  cv: Canvas,
  kind: Outside,
  left: number,
  right: number,
  doorX: number,
  doorW: number,
  lamps: boolean,
  random: Random,
): string {
  const front = GROUND + 22;
  const away = (w: number): number[] => {
    // Spots along the pavement that do not block the door.
    const spots: number[] = [];
    for (let x = left + w; x < right - w / 2; x += w * 1.3)
      if (x + w / 2 < doorX || x - w / 2 > doorX + doorW) spots.push(x);
    return spots;
  };
  switch (kind) {
    case 'tables': {
      const colour = random.pick(['#2a2a2e', '#2f7d4f', '#c9ced3', '#22395f']);
      const spots = away(66).slice(0, random.int(1, 3));
      for (const x of spots) bistroSet(cv, x, front, 1.05, colour, colour);
      return spots.length === 1 ? 'a table on the pavement' : `${countWord(spots.length)} tables on the pavement`;
    }
    case 'crates': {
      const spots = away(40).slice(0, 4);
      for (const x of spots) {
        cv.rect(x - 22, front - 20, 44, 20, random.pick(WOOD));
        crate(cv, x, front - 18, 40, random.pick(['#e2482f', '#f2a71b', '#7cb342', '#f4d03f', '#8e3b63']), random);
      }
      return 'crates of fruit on trestles outside';
    }
    case 'buckets': {
      const spots = away(22).slice(0, 8);
      for (const x of spots) flowerBucket(cv, x, front, random.float(1, 1.3), random);
      return 'buckets of flowers along the pavement';
    }
    case 'bikes': {
      const spots = away(60).slice(0, random.int(1, 3));
      for (const x of spots) bicycle(cv, x, front, 1.5, random.pick(BRIGHT));
      return spots.length === 1 ? 'a bicycle parked outside' : `${countWord(spots.length)} bicycles parked outside`;
    }
    case 'planters': {
      for (const x of [doorX - 16, doorX + doorW + 16])
        planter(cv, x, front - 8, 30, random.pick(['#5a5a5a', '#7a5236', '#b5603c']), random);
      return 'planters either side of the door';
    }
    case 'bench': {
      const spots = away(80);
      bench(cv, spots[0] ?? left + 50, front, 62, random.pick(WOOD));
      return 'a wooden bench outside';
    }
    case 'pole': {
      const x = doorX > left + 30 ? doorX - 14 : doorX + doorW + 14;
      barberPole(cv, x, GROUND - 70);
      return "a barber's pole by the door";
    }
    case 'cross': {
      const x = doorX + doorW / 2;
      cv.rect(x - 16, GROUND - 168, 32, 32, '#2a2a2e', { rx: 3 });
      const green = lamps ? '#3fe07a' : '#2fb45e';
      cv.path(`M${x - 5} ${GROUND - 164}h10v9h9v10h-9v9h-10v-9h-9v-10h9z`, green, { emit: lamps });
      return 'a green cross sign above the door';
    }
    case 'tree': {
      const x = random.chance(0.5) ? left + 20 : right - 20;
      tree(cv, x, front, 150, 'round', random);
      return 'a tree on the pavement';
    }
  }
}

function barberPole(cv: Canvas, x: number, y: number): void {
  cv.rect(x - 6, y - 4, 12, 4, '#c9ced3', { rx: 2 });
  cv.clip(x - 5, y, 10, 44, () => {
    cv.rect(x - 5, y, 10, 44, '#f4f1ea');
    for (let i = -2; i < 8; i += 1) {
      cv.poly(
        [x - 5, y + i * 9, x + 5, y + i * 9 + 8, x + 5, y + i * 9 + 12, x - 5, y + i * 9 + 4],
        i % 2 ? '#c23b2e' : '#2f6fb0',
      );
    }
  });
  cv.rect(x - 6, y + 44, 12, 4, '#c9ced3', { rx: 2 });
}
