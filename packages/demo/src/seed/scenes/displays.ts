import type { Random } from '../random.js';
import { type Canvas, darken, lighten } from './canvas.js';
import { BRIGHT, WOOD } from './palette.js';
import { bicycle, pottedPlant } from './parts.js';

/**
 * What a shop shows behind its glass, drawn inside a window's rectangle, and how an alt text
 * says so. Each takes the window's box; the glass and its reflection go on top afterwards.
 */

export type Display =
  | 'cakes'
  | 'bread'
  | 'books'
  | 'clothes'
  | 'produce'
  | 'flowers'
  | 'tools'
  | 'bikes'
  | 'salon'
  | 'glasses'
  | 'shelves'
  | 'coffee'
  | 'bottles'
  | 'records'
  | 'counter'
  | 'meats'
  | 'cheese';

export const DISPLAY_PHRASES: Readonly<Record<Display, readonly string[]>> = {
  cakes: ['cakes on stands in the window', 'a window full of cakes'],
  bread: ['loaves of bread stacked in the window', 'bread and pastries in the window'],
  books: ['shelves of books behind the glass', 'books piled in the window'],
  clothes: ['dressed mannequins in the window', 'clothes on display in the window'],
  produce: ['fruit and vegetables on the shelves inside', 'baskets of produce in the window'],
  flowers: ['plants and bouquets filling the window', 'a window full of green plants'],
  tools: ['tools hung up in the window', 'a window of tools and paint tins'],
  bikes: ['a bicycle on display in the window', 'bikes and wheels in the window'],
  salon: ['a mirror and a styling chair behind the glass', 'a chair and a big mirror in the window'],
  glasses: ['spectacles displayed on shelves in the window', 'rows of glasses frames in the window'],
  shelves: ['neat shelves of boxes inside', 'well-stocked shelves behind the glass'],
  coffee: ['a counter with an espresso machine inside', 'a coffee counter behind the glass'],
  bottles: ['bottles and jars lined up on the shelves', 'shelves of bottles in the window'],
  records: ['record crates and posters in the window', 'racks of records behind the glass'],
  counter: ['a serving counter under menu boards', 'a counter and stools along the window'],
  meats: ['hams and sausages hanging over the counter', 'a butcher’s counter with hams hanging above'],
  cheese: ['wheels of cheese stacked on the shelves', 'rounds of cheese on wooden shelves'],
};

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Draw = (cv: Canvas, box: Box, random: Random) => void;

/** A shelf across the window at height `y`. */
function shelf(cv: Canvas, box: Box, y: number): void {
  cv.rect(box.x, y, box.w, 3, darken('#8a5a3b', 0.1));
}

const DRAW: Readonly<Record<Display, Draw>> = {
  cakes(cv, b, random) {
    const floor = b.y + b.h - 4;
    shelf(cv, b, floor);
    const count = Math.max(2, Math.floor(b.w / 40));
    for (let i = 0; i < count; i += 1) {
      const x = b.x + (b.w * (i + 0.5)) / count;
      const top = floor - random.int(10, 22);
      cv.rect(x - 1.5, top, 3, floor - top, '#d8d2c4');
      cv.ellipse(x, top, 14, 2.5, '#eeeae0');
      const cake = random.pick(['#f2b8c6', '#6b3e2e', '#f4e1b5', '#e3d3ad', '#c8553d']);
      cv.path(`M${x - 12} ${top - 1}v-9q12 -8 24 0v9z`, cake);
      cv.rect(x - 12, top - 5, 24, 2, lighten(cake, 0.4));
      if (random.chance(0.6)) cv.circle(x, top - 16, 2.4, '#c23b2e');
    }
    pastryRow(cv, b, b.y + b.h * 0.38, random);
  },
  bread(cv, b, random) {
    for (const y of [b.y + b.h * 0.42, b.y + b.h - 4]) {
      shelf(cv, b, y);
      for (let x = b.x + 12; x < b.x + b.w - 10; x += random.int(18, 24)) {
        const crust = random.pick(['#c8893f', '#a8672e', '#d9a25a', '#8a5428']);
        cv.ellipse(x, y - 6, 10, 6, crust);
        cv.line(x - 4, y - 9, x - 1, y - 4, darken(crust, 0.25), 1);
        cv.line(x + 1, y - 9, x + 4, y - 4, darken(crust, 0.25), 1);
      }
    }
  },
  books(cv, b, random) {
    const rows = Math.max(2, Math.floor(b.h / 30));
    for (let r = 0; r < rows; r += 1) {
      const y = b.y + ((r + 1) * b.h) / rows - 2;
      shelf(cv, b, y);
      let x = b.x + 3;
      while (x < b.x + b.w - 6) {
        const w = random.int(4, 8);
        const h = random.int(14, Math.min(24, b.h / rows - 4));
        cv.rect(x, y - h, w, h, random.pick(BRIGHT));
        x += w + (random.chance(0.1) ? random.int(6, 12) : 1);
      }
    }
  },
  clothes(cv, b, random) {
    cv.line(b.x + 6, b.y + 12, b.x + b.w - 6, b.y + 12, '#6b6b6b', 2);
    for (let x = b.x + 14; x < b.x + b.w - 10; x += random.int(12, 16)) {
      const colour = random.pick(BRIGHT);
      cv.poly([x - 5, b.y + 14, x + 5, b.y + 14, x + 6, b.y + 40, x - 6, b.y + 40], darken(colour, 0.25));
    }
    const count = Math.max(1, Math.floor(b.w / 60));
    // Mannequins stand a little shorter than the window, head and all.
    const k = Math.min(1, (b.h - 6) / 94);
    for (let i = 0; i < count; i += 1) {
      const x = b.x + (b.w * (i + 0.5)) / count;
      const floor = b.y + b.h - 2;
      const colour = random.pick(BRIGHT);
      cv.rect(x - 1.5 * k, floor - 30 * k, 3 * k, 30 * k, '#5a5a5a');
      cv.rect(x - 8 * k, floor - 2, 16 * k, 2, '#5a5a5a');
      cv.circle(x, floor - 86 * k, 7 * k, '#e8ddd0');
      cv.rect(x - 2 * k, floor - 80 * k, 4 * k, 5 * k, '#e8ddd0');
      const [top, hem, arm] = [floor - 76 * k, floor - 32 * k, floor - 50 * k];
      cv.poly([x - 11 * k, top, x + 11 * k, top, x + 18 * k, hem, x - 18 * k, hem], colour);
      cv.poly([x - 11 * k, top, x - 15 * k, arm, x - 11 * k, arm], darken(colour, 0.15));
      cv.poly([x + 11 * k, top, x + 15 * k, arm, x + 11 * k, arm], darken(colour, 0.15));
    }
  },
  produce(cv, b, random) {
    for (const y of [b.y + b.h * 0.45, b.y + b.h - 4]) {
      shelf(cv, b, y);
      let x = b.x + 4;
      while (x < b.x + b.w - 20) {
        const colour = random.pick(['#e2482f', '#f2a71b', '#7cb342', '#8e3b63', '#f4d03f', '#4e8a3a']);
        cv.rect(x, y - 10, 26, 10, '#b08654');
        for (let i = 0; i < 4; i += 1) cv.circle(x + 4 + i * 6, y - 11, 4, i % 2 ? colour : darken(colour, 0.12));
        x += 30;
      }
    }
  },
  flowers(cv, b, random) {
    const floor = b.y + b.h - 2;
    for (let x = b.x + 14; x < b.x + b.w - 8; x += random.int(20, 30)) {
      pottedPlant(
        cv,
        x,
        floor,
        random.int(28, Math.min(60, b.h - 6)),
        random.pick(['#b5603c', '#e0d8c8', '#4a5a6a']),
        random,
      );
    }
  },
  tools(cv, b, random) {
    cv.rect(b.x + 6, b.y + 6, b.w - 12, b.h * 0.55, '#c9ab7c');
    for (let x = b.x + 16; x < b.x + b.w - 14; x += 20) {
      const y = b.y + 14 + random.int(0, 6);
      const metal = '#8d949c';
      if (random.chance(0.5)) {
        cv.rect(x - 1.5, y + 6, 3, 22, random.pick(WOOD));
        cv.rect(x - 6, y, 12, 7, metal);
      } else {
        cv.line(x, y, x, y + 26, metal, 3);
        cv.circle(x, y, 4, 'none', { stroke: metal, width: 2.5 });
      }
    }
    const floor = b.y + b.h - 2;
    shelf(cv, b, floor);
    for (let x = b.x + 10; x < b.x + b.w - 16; x += 18) {
      const paint = random.pick(BRIGHT);
      cv.rect(x, floor - 16, 14, 16, '#c9ced3');
      cv.rect(x, floor - 11, 14, 7, paint);
    }
  },
  bikes(cv, b, random) {
    const floor = b.y + b.h - 2;
    for (let i = 0; i < 3; i += 1) {
      cv.circle(b.x + 20 + i * 24, b.y + 22, 11, 'none', { stroke: '#2a2a2a', width: 2 });
    }
    bicycle(cv, b.x + b.w * 0.6, floor, Math.min(1.3, b.w / 90), random.pick(BRIGHT));
  },
  salon(cv, b, random) {
    const floor = b.y + b.h - 2;
    const mx = b.x + b.w * random.float(0.3, 0.6);
    cv.rect(mx - 18, b.y + 10, 36, b.h * 0.55, '#c9a86a', { rx: 16 });
    cv.rect(mx - 15, b.y + 13, 30, b.h * 0.55 - 6, '#cfe2ea', { rx: 14 });
    const seat = random.pick(['#2a2a2e', '#7a2238', '#22395f', '#c9a86a']);
    cv.rect(mx - 12, floor - 40, 24, 26, seat, { rx: 5 });
    cv.rect(mx - 15, floor - 20, 30, 7, seat, { rx: 3 });
    cv.rect(mx - 2, floor - 13, 4, 11, '#9aa0a6');
    cv.ellipse(mx, floor - 2, 10, 2.5, '#9aa0a6');
    pottedPlant(cv, b.x + b.w - 14, floor, 34, '#e0d8c8', random);
  },
  glasses(cv, b, random) {
    for (const y of [b.y + b.h * 0.35, b.y + b.h * 0.68, b.y + b.h - 4]) {
      shelf(cv, b, y);
      for (let x = b.x + 12; x < b.x + b.w - 14; x += 24) {
        const frame = random.pick(['#2a2a2e', '#7a4a2a', '#22395f', '#c23b2e', '#b08a3a']);
        cv.circle(x, y - 7, 4.5, '#dfe8ee', { stroke: frame, width: 1.8 });
        cv.circle(x + 11, y - 7, 4.5, '#dfe8ee', { stroke: frame, width: 1.8 });
        cv.line(x + 4, y - 8, x + 7, y - 8, frame, 1.4);
      }
    }
  },
  shelves(cv, b, random) {
    const rows = Math.max(2, Math.floor(b.h / 26));
    for (let r = 0; r < rows; r += 1) {
      const y = b.y + ((r + 1) * b.h) / rows - 2;
      shelf(cv, b, y);
      for (let x = b.x + 4; x < b.x + b.w - 10; x += random.int(10, 14)) {
        const h = random.int(8, 14);
        cv.rect(x, y - h, 8, h, random.chance(0.5) ? '#f3f1ea' : random.pick(BRIGHT));
      }
    }
  },
  coffee(cv, b, random) {
    // Drawn for a shop window about 100 pixels high; a whole room's wall scales it up.
    const k = Math.max(1, b.h / 110);
    const floor = b.y + b.h - 2;
    const top = floor - Math.min(b.h * 0.38, 60 * k);
    const wood = random.pick(WOOD);
    cv.rect(b.x, top, b.w, floor - top, wood);
    cv.rect(b.x, top - 3 * k, b.w, 4 * k, lighten(wood, 0.3));
    const mx = b.x + b.w * random.float(0.15, 0.45);
    cv.rect(mx, top - 30 * k, 40 * k, 27 * k, '#b9c0c6', { rx: 3 * k });
    cv.rect(mx + 4 * k, top - 34 * k, 32 * k, 4 * k, '#2a2a2a');
    cv.rect(mx + 6 * k, top - 26 * k, 28 * k, 6 * k, '#8d949c');
    cv.rect(mx + 9 * k, top - 13 * k, 7 * k, 10 * k, '#f4efe4');
    cv.rect(mx + 24 * k, top - 13 * k, 7 * k, 10 * k, '#f4efe4');
    for (let x = mx + 56 * k; x < b.x + b.w * 0.55; x += 16 * k) {
      cv.rect(x, top - 9 * k, 9 * k, 9 * k, '#f4efe4');
      cv.rect(x + 9 * k, top - 7 * k, 3 * k, 4 * k, 'none', { stroke: '#f4efe4', width: 1.2 * k });
    }
    // A glass dome of pastries at the far end, and the blackboard above.
    const dome = b.x + b.w * 0.78;
    cv.path(`M${dome - 22 * k} ${top - 3 * k}q${22 * k} ${-30 * k} ${44 * k} 0z`, '#dfeef2', { opacity: 0.7 });
    for (let i = 0; i < 3; i += 1) {
      cv.path(
        `M${dome - 15 * k + i * 10 * k} ${top - 3 * k}q${5 * k} ${-9 * k} ${10 * k} 0z`,
        random.pick(['#d9a25a', '#c8893f', '#f2b8c6']),
      );
    }
    cv.rect(b.x + b.w * 0.55, b.y + 8, b.w * 0.35, Math.min(b.h * 0.28, 70 * k), '#2d3a33');
  },
  bottles(cv, b, random) {
    for (const y of [b.y + b.h * 0.36, b.y + b.h * 0.68, b.y + b.h - 4]) {
      shelf(cv, b, y);
      for (let x = b.x + 6; x < b.x + b.w - 8; x += random.int(9, 13)) {
        const glass = random.pick(['#2f5d3a', '#5a2a1e', '#8a6a2a', '#d8d2b8', '#3a4a2a']);
        if (random.chance(0.3)) {
          cv.rect(x - 1, y - 14, 9, 14, '#e8e0cc');
          cv.rect(x - 1, y - 16, 9, 3, random.pick(BRIGHT));
        } else {
          cv.rect(x, y - 16, 7, 16, glass, { rx: 2 });
          cv.rect(x + 2, y - 22, 3, 7, glass);
        }
      }
    }
  },
  records(cv, b, random) {
    for (let x = b.x + 8; x < b.x + b.w - 40; x += random.int(44, 56)) {
      const y = b.y + 8 + random.int(0, 10);
      cv.rect(x, y, 34, 44, random.pick(BRIGHT));
      cv.circle(x + 17, y + 22, 10, darken(random.pick(BRIGHT), 0.3));
    }
    const floor = b.y + b.h - 2;
    cv.rect(b.x + 8, floor - 22, b.w - 16, 22, '#7a5236');
    for (let x = b.x + 12; x < b.x + b.w - 12; x += 4) cv.rect(x, floor - 28, 3, 8, random.pick(BRIGHT));
  },
  counter(cv, b, random) {
    const floor = b.y + b.h - 2;
    const top = floor - b.h * 0.35;
    const steel = '#b9c0c6';
    for (let i = 0; i < 3; i += 1) {
      const w = (b.w - 40) / 3;
      cv.rect(b.x + 10 + i * (w + 10), b.y + 8, w, b.h * 0.22, '#2a2a2e');
      cv.rect(b.x + 14 + i * (w + 10), b.y + 12, w * 0.5, b.h * 0.14, random.pick(BRIGHT), { opacity: 0.8 });
    }
    cv.rect(b.x, top, b.w, floor - top, steel);
    cv.rect(b.x, top - 3, b.w, 4, lighten(steel, 0.3));
    for (let x = b.x + 16; x < b.x + b.w - 10; x += 30) {
      cv.rect(x - 8, top + 6, 16, 3, '#2a2a2e');
      cv.rect(x - 1.5, top + 9, 3, floor - top - 9, '#2a2a2e');
    }
    for (let x = b.x + 20; x < b.x + b.w * 0.5; x += 18)
      cv.rect(x, top - 12, 12, 9, random.pick(['#f4efe4', '#c8893f', '#e2482f']));
  },
  meats(cv, b, random) {
    const rail = b.y + 8;
    cv.line(b.x + 4, rail, b.x + b.w - 4, rail, '#8d949c', 2);
    for (let x = b.x + 14; x < b.x + b.w - 10; x += random.int(16, 22)) {
      const drop = random.int(16, 34);
      cv.line(x, rail, x, rail + 6, '#d8d2c4', 1);
      if (random.chance(0.5))
        cv.path(
          `M${x - 7} ${rail + 6 + drop}q7 -${drop + 8} 14 0q-7 8 -14 0z`,
          random.pick(['#8a3b2f', '#a8553a', '#7a2e24']),
        );
      else
        for (let i = 0; i < 3; i += 1)
          cv.ellipse(x, rail + 10 + i * 9, 3.5, 5, random.pick(['#8a3b2f', '#6b2a20', '#a0523c']));
    }
    const floor = b.y + b.h - 2;
    const top = floor - b.h * 0.32;
    cv.rect(b.x, top, b.w, floor - top, '#e9ecef');
    cv.rect(b.x, top - 4, b.w, 4, '#c9ced3');
    for (let x = b.x + 6; x < b.x + b.w - 24; x += 26) {
      cv.rect(x, top + 4, 22, 8, random.pick(['#c0504a', '#d9776a', '#e8a090', '#f0d8c0']), { rx: 2 });
    }
  },
  cheese(cv, b, random) {
    for (const y of [b.y + b.h * 0.42, b.y + b.h - 4]) {
      cv.rect(b.x, y, b.w, 4, random.pick(WOOD));
      for (let x = b.x + 14; x < b.x + b.w - 14; x += random.int(24, 30)) {
        const rind = random.pick(['#e8c35a', '#f2dc8c', '#d9a441', '#efe6cf', '#c98a3a']);
        cv.rect(x - 12, y - 12, 24, 12, rind, { rx: 3 });
        cv.ellipse(x, y - 12, 12, 3, lighten(rind, 0.2));
        if (random.chance(0.4)) cv.poly([x + 2, y - 14, x + 12, y - 12, x + 12, y - 2], '#f8eeb8');
      }
    }
  },
};

function pastryRow(cv: Canvas, b: Box, y: number, random: Random): void {
  shelf(cv, b, y);
  for (let x = b.x + 10; x < b.x + b.w - 10; x += 14) {
    cv.path(`M${x - 6} ${y}q6 -10 12 0z`, random.pick(['#d9a25a', '#c8893f', '#f0d090']));
  }
}

export function drawDisplay(cv: Canvas, display: Display, box: Box, random: Random): void {
  DRAW[display](cv, box, random);
}
