import type { Random } from '../random.js';
import { type Canvas, HEIGHT, WIDTH, darken, lighten, mix } from './canvas.js';
import { article, BOLD, capitalise, countWord, pickColour, WOOD } from './palette.js';
import { bench, bunting, crate, lampPost, LIT_WINDOW, person, stringLights, tree, type TreeStyle } from './parts.js';
import { startScene, type SceneContext } from './context.js';
import { drawSky, type HourWeights } from './sky.js';
import type { Scene } from './types.js';

/**
 * Places in the open: a park, allotments, a tennis court, a pool, a pitch, a food truck on a
 * square, a market, a skyline over the river. Far things are small and hazy, near things large.
 */

export type Open = 'park' | 'garden' | 'tennis' | 'pool' | 'rink' | 'pitch' | 'truck' | 'market' | 'skyline';

export interface OutdoorRecipe {
  /** What an alt text may call the place ("running club"); some scenes name themselves. */
  noun: string;
  places: readonly Open[];
  hours: HourWeights;
}

const HORIZON = 170;

type Ctx = SceneContext;

export function drawOutdoor(recipe: OutdoorRecipe, random: Random): Scene {
  const ctx = startScene(recipe.hours, recipe.noun, random);
  const { cv, weather } = ctx;
  drawSky(cv, weather, HORIZON + 20, random);
  const what = PLACES[random.pick(recipe.places)](ctx);
  return { svg: cv.toSvg(), alt: `${capitalise(what)}, ${weather.when}` };
}

/** Rolling hills, two or three bands fading into the haze, then the near ground. */
function hills(ctx: Ctx, ground: string): void {
  const { cv, random } = ctx;
  const bands = random.int(2, 3);
  for (let i = 0; i < bands; i += 1) {
    const y = HORIZON - 24 + i * 14;
    const colour = mix(ground, '#a8b8c8', 0.55 - i * 0.2);
    let d = `M0 ${y}`;
    for (let x = 0; x <= WIDTH; x += 80) d += `Q${x + 40} ${y - random.int(6, 26)} ${x + 80} ${y}`;
    cv.path(`${d}V${HEIGHT}H0z`, colour);
  }
  cv.rect(0, HORIZON, WIDTH, HEIGHT - HORIZON, cv.vertical([ground, lighten(ground, 0.1)]));
}

function farTrees(ctx: Ctx, count: number): void {
  for (let i = 0; i < count; i += 1) {
    const style = ctx.random.pick<TreeStyle>(['round', 'round', 'cone', 'poplar']);
    tree(ctx.cv, ctx.random.int(0, WIDTH), HORIZON + ctx.random.int(0, 10), ctx.random.int(30, 50), style, ctx.random);
  }
}

function people(ctx: Ctx, count: number, y: [number, number], h: [number, number]): void {
  for (let i = 0; i < count; i += 1) {
    person(
      ctx.cv,
      ctx.random.int(20, WIDTH - 20),
      ctx.random.int(y[0], y[1]),
      ctx.random.int(h[0], h[1]),
      pickColour(BOLD, ctx.random).hex,
      ctx.random,
    );
  }
}

/** A court, pool or pitch laid flat on the ground, drawn as a trapezoid. */
function flat(cv: Canvas, top: number, bottom: number, topHalf: number, bottomHalf: number, fill: string): void {
  const mid = WIDTH / 2;
  cv.poly([mid - topHalf, top, mid + topHalf, top, mid + bottomHalf, bottom, mid - bottomHalf, bottom], fill);
}

/** A point on a flat trapezoid, from (u, v) in 0…1 across and down. */
function onFlat(
  top: number,
  bottom: number,
  topHalf: number,
  bottomHalf: number,
  u: number,
  v: number,
): [number, number] {
  const half = topHalf + (bottomHalf - topHalf) * v;
  return [WIDTH / 2 - half + 2 * half * u, top + (bottom - top) * v];
}

function flatLine(
  cv: Canvas,
  box: [number, number, number, number],
  a: [number, number],
  b: [number, number],
  colour: string,
  width: number,
): void {
  const [x1, y1] = onFlat(...box, ...a);
  const [x2, y2] = onFlat(...box, ...b);
  cv.line(x1, y1, x2, y2, colour, width);
}

const PLACES: Readonly<Record<Open, (ctx: Ctx) => string>> = {
  park(ctx) {
    const { cv, random } = ctx;
    hills(ctx, '#6f9a4a');
    farTrees(ctx, random.int(6, 12));
    const pond = random.chance(0.45);
    if (pond) {
      const px = random.int(120, 360);
      cv.ellipse(px, 210, 90, 16, '#5d8fb8');
      cv.ellipse(px - 20, 207, 40, 4, '#ffffff', { opacity: 0.3 });
    }
    const sway = random.int(-80, 80);
    cv.path(
      `M${WIDTH / 2 - 50} ${HEIGHT}Q${WIDTH / 2 + sway} 230 ${WIDTH / 2 + sway / 3 - 6} ${HORIZON + 4}h12Q${WIDTH / 2 + sway + 20} 230 ${WIDTH / 2 + 50} ${HEIGHT}z`,
      '#d8c9a3',
    );
    const near = random.int(2, 4);
    for (let i = 0; i < near; i += 1) {
      const side = i % 2 === 0 ? random.int(10, 150) : random.int(330, 470);
      tree(
        cv,
        side,
        random.int(250, 300),
        random.int(130, 200),
        random.pick<TreeStyle>(['round', 'round', 'cone']),
        random,
      );
    }
    const seat = random.chance(0.6);
    if (seat) bench(cv, WIDTH / 2 + (sway > 0 ? -110 : 110), 262, 58, random.pick(WOOD));
    if (ctx.lamps) lampPost(cv, WIDTH / 2 + (sway > 0 ? -70 : 70), 250, 90, true);
    const flags = random.chance(0.3);
    if (flags) bunting(cv, 40, 120, 440, 120, random);
    const walkers = random.int(0, 3);
    people(ctx, walkers, [230, 290], [40, 60]);
    const parts = [
      `${countWord(near + 5)} trees`,
      pond ? 'a pond' : '',
      seat ? 'a bench' : '',
      flags ? 'bunting strung across' : '',
      walkers > 0 ? (walkers === 1 ? 'someone out walking' : 'people out walking') : '',
    ].filter(Boolean);
    return `A park with a winding path, ${parts.join(', ')}`;
  },
  garden(ctx) {
    const { cv, random } = ctx;
    hills(ctx, '#7a9a4f');
    farTrees(ctx, random.int(4, 8));
    const box: [number, number, number, number] = [HORIZON + 12, HEIGHT, 140, 420];
    const beds = random.int(4, 6);
    for (let i = 0; i < beds; i += 1) {
      const u0 = (i + 0.1) / beds;
      const u1 = (i + 0.8) / beds;
      const [a, b] = [onFlat(...box, u0, 0), onFlat(...box, u1, 0)];
      const [c, d] = [onFlat(...box, u1, 1), onFlat(...box, u0, 1)];
      cv.poly([...a, ...b, ...c, ...d], '#6b4a32');
      const leaf = random.pick(['#4d8b3f', '#6aa84f', '#2f6b45', '#8fbf5a']);
      for (let v = 0.08; v < 1; v += 0.09) {
        const [x, y] = onFlat(...box, (u0 + u1) / 2, v);
        const r = 2 + v * 9;
        cv.circle(x - r, y, r, leaf);
        cv.circle(x + r, y, r, darken(leaf, 0.1));
      }
    }
    const shed = pickColour(BOLD, random, ['pink', 'plum']);
    const sx = random.chance(0.5) ? 40 : WIDTH - 120;
    cv.poly([sx - 6, 150, sx + 86, 150, sx + 40, 120], darken(shed.hex, 0.35));
    cv.rect(sx, 150, 80, 60, shed.hex);
    cv.rect(sx + 30, 166, 22, 44, darken(shed.hex, 0.2));
    for (let x = sx; x < sx + 80; x += 8) cv.line(x, 150, x, 210, darken(shed.hex, 0.12), 0.8);
    const flowers = random.chance(0.6);
    if (flowers) {
      for (let x = sx < 200 ? 300 : 30; x < (sx < 200 ? 470 : 200); x += 22) {
        const top = random.int(120, 150);
        cv.line(x, 200, x, top, '#4d8b3f', 2);
        cv.circle(x, top, 8, '#f2b705');
        cv.circle(x, top, 3.5, '#6b4226');
      }
    }
    people(ctx, random.int(0, 2), [250, 300], [60, 80]);
    return `Allotment beds in ${countWord(beds)} neat rows with ${article(shed.name)} ${shed.name} shed${flowers ? ' and sunflowers' : ''}`;
  },
  tennis(ctx) {
    const { cv, random } = ctx;
    hills(ctx, '#6f9a4a');
    farTrees(ctx, random.int(8, 14));
    const surface = random.pick([
      { name: 'clay', hex: '#c8673e' },
      { name: 'green', hex: '#3f8a5a' },
      { name: 'blue', hex: '#3d6fa8' },
      { name: 'grass', hex: '#6aa84f' },
    ]);
    cv.rect(0, HORIZON + 6, WIDTH, 40, '#3a3f45', { opacity: 0.5 });
    for (let x = 0; x < WIDTH; x += 10) cv.line(x, HORIZON + 6, x, HORIZON + 46, '#2c2f33', 0.6, { opacity: 0.6 });
    const box: [number, number, number, number] = [HORIZON + 40, HEIGHT - 6, 110, 260];
    flat(cv, box[0] - 6, HEIGHT, box[2] + 20, box[3] + 40, darken(surface.hex, 0.1));
    flat(cv, ...box, surface.hex);
    const white = '#f4f4f0';
    for (const u of [0, 0.125, 0.875, 1]) flatLine(cv, box, [u, 0], [u, 1], white, 1.6);
    for (const v of [0, 0.22, 0.78, 1])
      flatLine(
        cv,
        box,
        [v === 0.22 || v === 0.78 ? 0.125 : 0, v],
        [v === 0.22 || v === 0.78 ? 0.875 : 1, v],
        white,
        1.6,
      );
    flatLine(cv, box, [0.5, 0.22], [0.5, 0.78], white, 1.4);
    const [nx1, ny] = onFlat(...box, -0.03, 0.5);
    const [nx2] = onFlat(...box, 1.03, 0.5);
    cv.rect(nx1, ny - 16, nx2 - nx1, 16, '#2a2a2e', { opacity: 0.55 });
    cv.rect(nx1, ny - 17, nx2 - nx1, 3, white);
    const players = random.int(0, 2);
    if (players > 0)
      person(
        cv,
        onFlat(...box, random.float(0.2, 0.8), 0.12)[0],
        onFlat(...box, 0, 0.12)[1],
        36,
        pickColour(BOLD, random).hex,
        random,
      );
    if (players > 1)
      person(
        cv,
        onFlat(...box, random.float(0.2, 0.8), 0.9)[0],
        onFlat(...box, 0, 0.9)[1],
        62,
        pickColour(BOLD, random).hex,
        random,
      );
    return `${article(surface.name)} ${surface.name} tennis court with its net up${players === 0 ? '' : players === 1 ? ' and one player' : ' and two players'}, trees beyond the fence`;
  },
  pool(ctx) {
    const { cv, random } = ctx;
    hills(ctx, '#7fa356');
    farTrees(ctx, random.int(6, 10));
    const box: [number, number, number, number] = [HORIZON + 30, HEIGHT - 20, 150, 300];
    flat(cv, box[0] - 12, HEIGHT, box[2] + 30, box[3] + 80, '#e6e1d6');
    flat(cv, ...box, cv.vertical(['#3fa7d6', '#2a86c2']));
    const lanes = random.int(4, 6);
    const rope = pickColour(BOLD, random, ['black', 'navy', 'dark green']);
    for (let i = 1; i < lanes; i += 1) flatLine(cv, box, [i / lanes, 0], [i / lanes, 1], rope.hex, 2);
    for (let i = 0; i < 6; i += 1) {
      const [x, y] = onFlat(...box, random.float(0.1, 0.9), random.float(0.1, 0.9));
      cv.line(x - 12, y, x + 12, y, '#ffffff', 1.4, { opacity: 0.35 });
    }
    const swimmers = random.int(0, 3);
    for (let i = 0; i < swimmers; i += 1) {
      const [x, y] = onFlat(...box, (random.int(0, lanes - 1) + 0.5) / lanes, random.float(0.15, 0.85));
      cv.circle(x, y, 3 + (y - box[0]) / 30, random.pick(['#c23b2e', '#2a2a2e', '#f2b705', '#f4f1ea']));
    }
    const shade = pickColour(BOLD, random);
    for (const x of [30, WIDTH - 30]) {
      cv.line(x, 300, x, 220, '#f4f1ea', 2);
      cv.poly([x - 34, 228, x + 34, 228, x, 206], shade.hex);
      cv.rect(x - 26, 292, 52, 6, '#f4f1ea');
    }
    return `An outdoor swimming pool with ${countWord(lanes)} lanes marked by ${rope.name} ropes${swimmers > 0 ? `, ${swimmers === 1 ? 'a swimmer' : 'swimmers'} in the water` : ''} and ${shade.name} parasols`;
  },
  rink(ctx) {
    const { cv, random } = ctx;
    hills(ctx, ctx.weather.hour === 'morning' ? '#dfe6ea' : '#c9d3da');
    farTrees(ctx, random.int(6, 10));
    const box: [number, number, number, number] = [HORIZON + 30, HEIGHT - 16, 160, 300];
    flat(cv, box[0] - 8, HEIGHT, box[2] + 16, box[3] + 60, '#f4f1ea');
    flat(cv, ...box, cv.vertical(['#e6f2f8', '#cfe4ef']));
    for (let i = 0; i < 8; i += 1) {
      const [x, y] = onFlat(...box, random.float(0.1, 0.9), random.float(0.1, 0.9));
      cv.path(`M${x - 20} ${y}q20 -6 40 0`, 'none', { stroke: '#ffffff', width: 1.4 });
    }
    const skaters = random.int(2, 6);
    for (let i = 0; i < skaters; i += 1) {
      const v = random.float(0.1, 0.95);
      const [x, y] = onFlat(...box, random.float(0.1, 0.9), v);
      person(cv, x, y, 34 + v * 40, pickColour(BOLD, random).hex, random);
    }
    const lights = ctx.lamps || random.chance(0.5);
    if (lights) {
      cv.line(20, HEIGHT, 20, 70, '#3a3a3a', 3);
      cv.line(WIDTH - 20, HEIGHT, WIDTH - 20, 70, '#3a3a3a', 3);
      stringLights(cv, 20, 74, WIDTH - 20, 74, ctx.lamps);
    }
    return `An outdoor ice rink with ${countWord(skaters)} skaters${lights ? ' under strings of lights' : ''}`;
  },
  pitch(ctx) {
    const { cv, random } = ctx;
    hills(ctx, '#6f9a4a');
    farTrees(ctx, random.int(8, 12));
    const track = random.chance(0.6);
    const outer: [number, number, number, number] = [HORIZON + 16, HEIGHT, 180, 420];
    if (track) flat(cv, ...outer, '#b5533c');
    const box: [number, number, number, number] = [HORIZON + 26, HEIGHT, 160, 370];
    const stripes = 8;
    for (let i = 0; i < stripes; i += 1) {
      const [a, b] = [onFlat(...box, 0, i / stripes), onFlat(...box, 1, i / stripes)];
      const [c, d] = [onFlat(...box, 1, (i + 1) / stripes), onFlat(...box, 0, (i + 1) / stripes)];
      cv.poly([...a, ...b, ...c, ...d], i % 2 ? '#4f9a45' : '#5aa64f');
    }
    const white = '#f4f4f0';
    flatLine(cv, box, [0.04, 0.04], [0.96, 0.04], white, 1.4);
    flatLine(cv, box, [0.04, 0.55], [0.96, 0.55], white, 1.4);
    const [cx, cy] = onFlat(...box, 0.5, 0.55);
    cv.ellipse(cx, cy, 46, 12, 'none', { stroke: white, width: 1.4 });
    const [gx, gy] = onFlat(...box, 0.5, 0.04);
    cv.rect(gx - 30, gy - 22, 60, 22, 'none', { stroke: white, width: 2.5 });
    const players = random.int(0, 6);
    people(ctx, players, [200, 300], [28, 60]);
    return `A football pitch with a goal${track ? ' and a red running track around it' : ''}${players > 1 ? ', players out on the grass' : ''}`;
  },
  truck(ctx) {
    const { cv, random } = ctx;
    cv.rect(0, HORIZON, WIDTH, 40, '#9aa39a');
    farTrees(ctx, random.int(5, 9));
    cv.rect(0, HORIZON + 20, WIDTH, HEIGHT - HORIZON - 20, cv.vertical(['#b8b2a6', '#cfc9bd']));
    for (let y = HORIZON + 30, step = 6; y < HEIGHT; step *= 1.3, y += step) cv.line(0, y, WIDTH, y, '#a8a296', 0.6);
    const body = pickColour(BOLD, random, ['black']);
    const tx = random.int(90, 190);
    const ty = 140;
    cv.rect(tx, ty, 210, 110, body.hex, { rx: 10 });
    cv.poly([tx + 210, ty + 30, tx + 250, ty + 50, tx + 250, ty + 110, tx + 210, ty + 110], darken(body.hex, 0.1));
    cv.poly([tx + 214, ty + 36, tx + 244, ty + 54, tx + 244, ty + 72, tx + 214, ty + 72], '#7d98ad');
    cv.rect(tx + 30, ty + 26, 150, 50, ctx.lamps ? LIT_WINDOW : '#3a3a3a', { emit: ctx.lamps });
    cv.rect(tx + 24, ty + 74, 162, 8, '#c9ced3');
    const awning = pickColour(BOLD, random, [body.name]);
    cv.poly([tx + 20, ty + 24, tx + 190, ty + 24, tx + 200, ty, tx + 10, ty], awning.hex);
    for (let x = tx + 14; x < tx + 196; x += 24)
      cv.poly([x, ty, x + 12, ty, x + 10, ty + 24, x - 2, ty + 24], '#f4efe4');
    person(cv, tx + 90, ty + 76, 44, '#f4f1ea', random);
    for (const wx of [tx + 50, tx + 210]) {
      cv.circle(wx, ty + 112, 17, '#222428');
      cv.circle(wx, ty + 112, 7, '#9aa0a6');
    }
    const lights = ctx.lamps || random.chance(0.5);
    if (lights) {
      cv.line(20, 300, 20, 60, '#3a3a3a', 3);
      cv.line(WIDTH - 20, 300, WIDTH - 20, 60, '#3a3a3a', 3);
      stringLights(cv, 20, 64, WIDTH / 2, 80, ctx.lamps);
      stringLights(cv, WIDTH / 2, 80, WIDTH - 20, 64, ctx.lamps);
    }
    const queue = random.int(1, 4);
    for (let i = 0; i < queue; i += 1)
      person(cv, tx + 30 + i * 34, 292 + (i % 2) * 8, random.int(76, 92), pickColour(BOLD, random).hex, random);
    return `${article(body.name)} ${body.name} food truck with its hatch open under ${article(awning.name)} ${awning.name}-striped awning, ${queue === 1 ? 'one person' : `${countWord(queue)} people`} queueing${lights ? ' beneath strings of lights' : ''}`;
  },
  market(ctx) {
    const { cv, random } = ctx;
    cv.rect(0, HORIZON - 40, WIDTH, 60, '#a8a296', { opacity: 0.4 });
    farTrees(ctx, random.int(4, 8));
    cv.rect(0, HORIZON + 20, WIDTH, HEIGHT - HORIZON - 20, cv.vertical(['#b8b2a6', '#d2ccc0']));
    const canopy = pickColour(BOLD, random);
    const stalls = random.int(2, 3);
    const w = WIDTH / stalls;
    for (let i = 0; i < stalls; i += 1) {
      const x = i * w + 10;
      const sw = w - 20;
      cv.line(x + 4, 120, x + 4, 280, '#4a4a4a', 3);
      cv.line(x + sw - 4, 120, x + sw - 4, 280, '#4a4a4a', 3);
      cv.poly([x - 6, 140, x + sw + 6, 140, x + sw - 10, 100, x + 10, 100], canopy.hex);
      for (let s = 0; s < 6; s += 2) {
        const a = x - 6 + ((sw + 12) * s) / 6;
        const b = x + 10 + ((sw - 20) * s) / 6;
        cv.poly([a, 140, a + (sw + 12) / 6, 140, b + (sw - 20) / 6, 100, b, 100], '#f4efe4');
      }
      cv.rect(x, 220, sw, 60, random.pick(WOOD));
      for (let c = 0; c < 3; c += 1)
        crate(
          cv,
          x + (sw * (c + 0.5)) / 3,
          222,
          sw / 3.4,
          random.pick(['#e2482f', '#f2a71b', '#7cb342', '#f4d03f', '#8e3b63']),
          random,
        );
    }
    const shoppers = random.int(1, 4);
    people(ctx, shoppers, [296, 316], [80, 100]);
    return `${capitalise(countWord(stalls))} market stalls under ${canopy.name}-and-white canopies, crates of produce on the tables and ${shoppers === 1 ? 'a shopper' : 'shoppers'} in front`;
  },
  skyline(ctx) {
    const { cv, random } = ctx;
    const water = HORIZON + 40;
    let x = -10;
    while (x < WIDTH) {
      const w = random.int(26, 60);
      const h = random.int(40, 150);
      const tone = mix(random.pick(['#5a6676', '#6d6a78', '#7a8490', '#4d5866']), '#a9b6c6', random.float(0, 0.3));
      cv.rect(x, water - h, w, h, tone);
      for (let wy = water - h + 8; wy < water - 8; wy += 10) {
        for (let wx = x + 5; wx < x + w - 5; wx += 9) {
          const lit = ctx.lamps && random.chance(0.35);
          cv.rect(wx, wy, 4, 5, lit ? LIT_WINDOW : lighten(tone, 0.18), { emit: lit });
        }
      }
      if (h > 120 && random.chance(0.5)) cv.line(x + w / 2, water - h, x + w / 2, water - h - 20, tone, 2);
      x += w + random.int(0, 6);
    }
    cv.rect(0, water, WIDTH, HEIGHT - water, cv.vertical(['#3d5f80', '#26405a']));
    for (let i = 0; i < 30; i += 1) {
      const wx = random.int(0, WIDTH);
      const wy = random.int(water + 4, HEIGHT);
      cv.line(wx, wy, wx + random.int(8, 30), wy, ctx.lamps ? '#f7d68c' : '#ffffff', 1, {
        emit: ctx.lamps,
        opacity: 0.3,
      });
    }
    const bridge = random.chance(0.6);
    if (bridge) {
      const deck = water + 30;
      cv.rect(0, deck, WIDTH, 8, '#4a4f57');
      for (let bx = 40; bx < WIDTH; bx += 120) {
        cv.path(`M${bx - 50} ${deck + 8}Q${bx} ${deck - 20} ${bx + 50} ${deck + 8}`, 'none', {
          stroke: '#4a4f57',
          width: 4,
        });
        cv.rect(bx - 4, deck + 8, 8, HEIGHT - deck, '#3e434a');
      }
      if (ctx.lamps) for (let lx = 20; lx < WIDTH; lx += 40) cv.circle(lx, deck - 3, 2.4, '#ffe9a0', { emit: true });
    }
    cv.rect(0, HEIGHT - 22, WIDTH, 22, '#6d6a62');
    return `A city skyline of ${ctx.lamps ? 'lit ' : ''}towers across the river${bridge ? ', with a bridge in front' : ''}`;
  },
};
