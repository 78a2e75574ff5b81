import type { Random } from '../random.js';
import { WIDTH, darken, lighten } from './canvas.js';
import { article, BOLD, BRIGHT, capitalise, countWord, pickColour, WALLS } from './palette.js';
import {
  bicycle,
  door,
  lampPost,
  LIT_WINDOW,
  person,
  stringLights,
  tree,
  wallWindow,
  type TreeStyle,
} from './parts.js';
import { startScene, type SceneContext } from './context.js';
import type { HourWeights } from './sky.js';
import { GROUND, neighbour, streetBackdrop } from './street.js';
import type { Scene } from './types.js';

/**
 * A whole building seen from the street: a museum's columns, a town hall's clock tower, a glass
 * front, a theatre's lit canopy, an office block, a house with a ladder, a music hall.
 */

export type Facade = 'classical' | 'townhall' | 'glass' | 'theatre' | 'office' | 'house' | 'hall' | 'clinic';

export interface FacadeRecipe {
  /** What an alt text calls the building: "museum", "health centre". */
  noun: string;
  facades: readonly Facade[];
  hours: HourWeights;
}

type Ctx = SceneContext;

export function drawFacade(recipe: FacadeRecipe, random: Random): Scene {
  const ctx = startScene(recipe.hours, recipe.noun, random);
  const { cv, weather } = ctx;
  streetBackdrop(cv, weather, random);
  const what = FACADES[random.pick(recipe.facades)](ctx);
  return { svg: cv.toSvg(), alt: `${capitalise(what)}, ${weather.when}` };
}

/** Trees or lamps either side; answers the words for them, if any. */
function flank(ctx: Ctx, left: number, right: number): string {
  const { cv, random } = ctx;
  if (random.chance(0.6)) {
    const style = random.pick<TreeStyle>(['round', 'cone', 'poplar']);
    const h = random.int(110, 160);
    tree(cv, Math.max(30, left - 10), GROUND + 24, h, style, random);
    tree(cv, Math.min(WIDTH - 30, right + 10), GROUND + 24, h, style, random);
    return style === 'poplar' ? 'tall poplars either side' : 'trees either side';
  }
  lampPost(cv, Math.max(20, left - 14), GROUND + 24, 120, ctx.lamps);
  lampPost(cv, Math.min(WIDTH - 20, right + 14), GROUND + 24, 120, ctx.lamps);
  return 'street lamps either side';
}

function passers(ctx: Ctx, count: number): string {
  for (let i = 0; i < count; i += 1) {
    person(
      ctx.cv,
      ctx.random.int(30, WIDTH - 30),
      GROUND + ctx.random.int(12, 28),
      ctx.random.int(48, 58),
      pickColour(BOLD, ctx.random).hex,
      ctx.random,
    );
  }
  return count === 0 ? '' : count === 1 ? 'a passer-by' : 'people walking past';
}

function windowRows(
  ctx: Ctx,
  left: number,
  right: number,
  top: number,
  bottom: number,
  frame: string,
  arch: boolean,
): number {
  const cols = Math.max(2, Math.floor((right - left) / 48));
  const cw = (right - left) / cols;
  let rows = 0;
  for (let y = top; y + 36 < bottom; y += 54) {
    rows += 1;
    for (let c = 0; c < cols; c += 1) {
      wallWindow(
        ctx.cv,
        left + c * cw + cw * 0.27,
        y,
        cw * 0.46,
        36,
        { frame, lit: ctx.lamps && ctx.random.chance(0.5), arch },
        ctx.random,
      );
    }
  }
  return rows;
}

const FACADES: Readonly<Record<Facade, (ctx: Ctx) => string>> = {
  classical(ctx) {
    const { cv, random } = ctx;
    const stone = random.pick([
      { name: 'pale stone', hex: '#e6dcc6' },
      { name: 'white stone', hex: '#efece4' },
      { name: 'sandstone', hex: '#d8bd8a' },
      { name: 'grey stone', hex: '#c4c2bb' },
    ]);
    const left = 40;
    const right = WIDTH - 40;
    const base = GROUND - 26;
    cv.rect(left, 60, right - left, base - 60, stone.hex);
    windowRows(ctx, left + 8, left + 90, 110, base - 20, lighten(stone.hex, 0.3), true);
    windowRows(ctx, right - 90, right - 8, 110, base - 20, lighten(stone.hex, 0.3), true);
    const columns = random.pick([4, 6]);
    const pl = 150;
    const pr = WIDTH - 150;
    const portico = { l: pl - 20, r: pr + 20 };
    cv.rect(portico.l, 84, portico.r - portico.l, base - 84, darken(stone.hex, 0.25));
    const banner = random.chance(0.6) ? pickColour(BOLD, random) : undefined;
    const gap = (portico.r - portico.l - 20) / (columns - 1);
    for (let i = 0; i < columns; i += 1) {
      const x = portico.l + 10 + i * gap;
      cv.rect(x - 9, 96, 18, base - 96, lighten(stone.hex, 0.12));
      cv.rect(x - 3, 96, 2, base - 96, darken(stone.hex, 0.08));
      cv.rect(x + 3, 96, 2, base - 96, darken(stone.hex, 0.08));
      cv.rect(x - 12, 90, 24, 7, stone.hex);
      cv.rect(x - 12, base - 6, 24, 6, stone.hex);
      if (banner && i < columns - 1 && i % 2 === 0) {
        const bx = x + gap / 2;
        cv.rect(bx - 10, 108, 20, 70, banner.hex);
        cv.poly([bx - 10, 178, bx + 10, 178, bx, 170], darken(stone.hex, 0.25));
      }
    }
    const door = portico.l + (portico.r - portico.l) / 2;
    cv.rect(door - 16, base - 70, 32, 70, ctx.lamps ? LIT_WINDOW : '#3a3228', { emit: ctx.lamps, rx: 2 });
    cv.rect(portico.l - 8, 76, portico.r - portico.l + 16, 16, lighten(stone.hex, 0.05));
    cv.poly([portico.l - 14, 78, portico.r + 14, 78, door, 28], lighten(stone.hex, 0.08));
    cv.poly([portico.l + 10, 72, portico.r - 10, 72, door, 38], darken(stone.hex, 0.12));
    cv.rect(left - 6, 56, right - left + 12, 8, darken(stone.hex, 0.2));
    for (let i = 0; i < 4; i += 1)
      cv.rect(
        portico.l - 20 - i * 10,
        base + i * 6.5,
        portico.r - portico.l + 40 + i * 20,
        7,
        i % 2 ? stone.hex : darken(stone.hex, 0.1),
      );
    const sides = flank(ctx, left, right);
    const people = passers(ctx, random.int(0, 3));
    const extras = [banner ? `${banner.name} banners between the columns` : '', sides, people].filter(Boolean);
    return `${article(stone.name)} ${stone.name} ${ctx.noun} with ${countWord(columns)} columns and wide steps${extras.length > 0 ? `, ${extras.join(', ')}` : ''}`;
  },
  townhall(ctx) {
    const { cv, random } = ctx;
    const wall = pickColour(WALLS, random, ['charcoal', 'grey']);
    const roof = random.pick(['#4d5a66', '#8a3b2f', '#3f4a3a']);
    const left = 30;
    const right = WIDTH - 30;
    cv.poly([left - 6, 120, right + 6, 120, right - 20, 96, left + 20, 96], roof);
    cv.rect(left, 120, right - left, GROUND - 120, wall.hex);
    windowRows(ctx, left + 10, 190, 134, GROUND - 20, lighten(wall.hex, 0.45), true);
    windowRows(ctx, 290, right - 10, 134, GROUND - 20, lighten(wall.hex, 0.45), true);
    const tx = WIDTH / 2;
    cv.rect(tx - 44, 70, 88, GROUND - 70, darken(wall.hex, 0.08));
    cv.poly([tx - 52, 72, tx + 52, 72, tx, 26], roof);
    cv.circle(tx, 100, 22, '#f4f1ea', { stroke: darken(wall.hex, 0.4), width: 4 });
    const hour = random.int(0, 11);
    const minute = random.int(0, 11);
    const hand = (turns: number, length: number, width: number) => {
      const a = turns * Math.PI * 2 - Math.PI / 2;
      cv.line(tx, 100, tx + Math.cos(a) * length, 100 + Math.sin(a) * length, '#2a2a2e', width);
    };
    hand((hour + minute / 12) / 12, 11, 3);
    hand(minute / 12, 16, 2);
    cv.line(tx, 26, tx, 0, '#3a3a3a', 2);
    const flag = pickColour(BOLD, random);
    cv.rect(tx + 1, 2, 28, 15, flag.hex);
    cv.rect(tx - 16, 136, 32, 40, ctx.lamps ? LIT_WINDOW : '#5f7f99', { emit: ctx.lamps, rx: 16 });
    door(cv, tx - 20, GROUND - 66, 40, 66, random.pick(['#5a3a29', '#22395f', '#2f4d36']), ctx.lamps);
    const sides = flank(ctx, left, right);
    const people = passers(ctx, random.int(0, 3));
    return `${article(wall.name)} ${wall.name} ${ctx.noun} with a clock tower and ${article(flag.name)} ${flag.name} flag, ${[sides, people].filter(Boolean).join(' and ')}`;
  },
  glass(ctx) {
    const { cv, random } = ctx;
    const frame = random.pick([
      { name: 'white', hex: '#e9ecef' },
      { name: 'dark grey', hex: '#3a3f45' },
      { name: 'bronze', hex: '#8a6a45' },
    ]);
    const left = random.int(40, 90);
    const right = WIDTH - random.int(40, 90);
    const top = random.int(30, 80);
    neighbour(cv, -20, left + 20, random.int(40, 110), ctx.weather, random);
    neighbour(cv, right, WIDTH - right + 20, random.int(40, 110), ctx.weather, random);
    cv.rect(left, top, right - left, GROUND - top, frame.hex);
    const cols = random.int(5, 7);
    const cw = (right - left - 12) / cols;
    for (let y = top + 8; y < GROUND - 50; y += 38) {
      for (let c = 0; c < cols; c += 1) {
        const lit = ctx.lamps && random.chance(0.55);
        const glass = lit ? LIT_WINDOW : cv.vertical(['#8fb4cf', '#4d6f8c']);
        cv.rect(left + 6 + c * cw + 2, y, cw - 4, 32, glass, { emit: lit });
        if (!lit)
          cv.poly(
            [
              left + 6 + c * cw + 2,
              y + 32,
              left + 6 + c * cw + cw * 0.6,
              y,
              left + 6 + c * cw + cw * 0.8,
              y,
              left + 6 + c * cw + cw * 0.2,
              y + 32,
            ],
            '#ffffff',
            { opacity: 0.12 },
          );
      }
    }
    const mid = (left + right) / 2;
    cv.rect(mid - 60, GROUND - 70, 120, 6, darken(frame.hex, 0.3));
    cv.rect(mid - 40, GROUND - 64, 80, 64, ctx.lamps ? LIT_WINDOW : '#6d8aa3', { emit: ctx.lamps });
    cv.rect(mid - 1, GROUND - 64, 2, 64, darken(frame.hex, 0.3));
    let extra: string;
    if (random.chance(0.5)) {
      for (let i = 0; i < 3; i += 1) bicycle(cv, left + 30 + i * 34, GROUND + 20, 1.3, random.pick(BRIGHT));
      extra = 'bicycles parked by the entrance';
    } else extra = flank(ctx, left, right);
    const people = passers(ctx, random.int(0, 2));
    return `A modern glass-fronted ${ctx.noun} with ${frame.name} frames, ${[extra, people].filter(Boolean).join(' and ')}`;
  },
  clinic(ctx) {
    const { cv, random } = ctx;
    const wall = pickColour(WALLS, random, ['charcoal', 'brick-red', 'terracotta']);
    const left = 60;
    const right = WIDTH - 60;
    const top = random.int(40, 90);
    neighbour(cv, -20, left + 20, random.int(30, 100), ctx.weather, random);
    neighbour(cv, right, WIDTH - right + 20, random.int(30, 100), ctx.weather, random);
    cv.rect(left, top, right - left, GROUND - top, wall.hex);
    cv.rect(left - 4, top - 6, right - left + 8, 8, darken(wall.hex, 0.25));
    windowRows(ctx, left + 6, right - 6, top + 16, GROUND - 100, lighten(wall.hex, 0.5), false);
    const canopy = pickColour(BOLD, random, ['red', 'pink', 'burgundy', 'orange']);
    cv.rect(left + 30, GROUND - 96, right - left - 60, 10, canopy.hex);
    cv.rect(left + 40, GROUND - 86, right - left - 80, 86, ctx.lamps ? LIT_WINDOW : '#7d98ad', { emit: ctx.lamps });
    for (let x = left + 40; x < right - 40; x += 40) cv.rect(x, GROUND - 86, 3, 86, darken(wall.hex, 0.3));
    // A plain cross on a round plate beside the door: the sign of care, not a word.
    const sx = right - 30;
    cv.circle(sx, GROUND - 128, 18, '#f4f1ea');
    cv.path(`M${sx - 4} ${GROUND - 140}h8v8h8v8h-8v8h-8v-8h-8v-8h8z`, random.pick(['#2fb45e', '#2f6fb0', '#1d7f80']), {
      emit: ctx.lamps,
    });
    const sides = flank(ctx, left, right);
    return `A ${wall.name} ${ctx.noun} with ${article(canopy.name)} ${canopy.name} canopy over a glass entrance, a cross sign on the wall and ${sides}`;
  },
  theatre(ctx) {
    const { cv, random } = ctx;
    const wall = pickColour(WALLS, random);
    const left = 50;
    const right = WIDTH - 50;
    neighbour(cv, -20, left + 20, random.int(20, 90), ctx.weather, random);
    neighbour(cv, right, WIDTH - right + 20, random.int(20, 90), ctx.weather, random);
    cv.rect(left, 30, right - left, GROUND - 30, wall.hex);
    cv.rect(left - 6, 24, right - left + 12, 10, darken(wall.hex, 0.25));
    windowRows(ctx, left + 10, right - 10, 50, 130, lighten(wall.hex, 0.4), true);
    const canopy = pickColour(BOLD, random);
    const cTop = GROUND - 120;
    cv.poly([left + 14, cTop, right - 14, cTop, right - 4, cTop + 30, left + 4, cTop + 30], canopy.hex);
    for (let x = left + 18; x < right - 14; x += 12) {
      if (ctx.lamps) cv.circle(x, cTop + 28, 6, cv.glow('#ffe9a0', 0.7), { emit: true });
      cv.circle(x, cTop + 28, 2.2, ctx.lamps ? '#fff1b8' : '#efe3c8', { emit: ctx.lamps });
      cv.circle(x, cTop + 3, 2.2, ctx.lamps ? '#fff1b8' : '#efe3c8', { emit: ctx.lamps });
    }
    const posters = random.int(2, 4);
    for (let i = 0; i < posters; i += 1) {
      const px = left + 24 + i * ((right - left - 48) / posters);
      const pw = 34;
      cv.rect(px - 3, GROUND - 84, pw + 6, 54, '#c9a86a');
      cv.rect(px, GROUND - 81, pw, 48, random.pick(BRIGHT));
      cv.circle(px + pw / 2, GROUND - 62, 10, random.pick(BRIGHT));
      cv.poly(
        [px, GROUND - 33, px + pw, GROUND - 33, px + pw, GROUND - 48, px, GROUND - 40],
        darken(random.pick(BRIGHT), 0.3),
      );
    }
    const doors = { x: right - 120, w: 80 };
    cv.rect(doors.x, GROUND - 86, doors.w, 86, ctx.lamps ? LIT_WINDOW : '#4e5d6c', { emit: ctx.lamps });
    cv.rect(doors.x + doors.w / 2 - 1, GROUND - 86, 2, 86, darken(wall.hex, 0.4));
    if (ctx.lamps) stringLights(cv, left, 30, right, 30, true);
    const people = passers(ctx, random.int(1, 4));
    return `${article(ctx.noun)} ${ctx.noun} front with a ${canopy.name} canopy ringed with light bulbs and ${countWord(posters)} posters by the doors${people ? `, ${people}` : ''}`;
  },
  office(ctx) {
    const { cv, random } = ctx;
    const wall = pickColour(WALLS, random, ['pale pink', 'lavender', 'pale yellow']);
    const left = random.int(70, 110);
    const right = WIDTH - random.int(70, 110);
    neighbour(cv, -20, left + 20, random.int(10, 70), ctx.weather, random);
    neighbour(cv, right, WIDTH - right + 20, random.int(10, 70), ctx.weather, random);
    const top = random.int(-10, 20);
    cv.rect(left, top, right - left, GROUND - top, wall.hex);
    const rows = windowRows(ctx, left + 6, right - 6, top + 18, GROUND - 80, lighten(wall.hex, 0.5), false);
    const doorColour = pickColour(BOLD, random, ['pink', 'orange', 'mustard']);
    const mid = (left + right) / 2;
    cv.rect(mid - 34, GROUND - 84, 68, 6, darken(wall.hex, 0.3));
    door(cv, mid - 22, GROUND - 76, 44, 70, doorColour.hex, ctx.lamps);
    for (let i = 0; i < 3; i += 1)
      cv.rect(mid - 30 - i * 6, GROUND - 6 + i * 6, 60 + i * 12, 6, darken(wall.hex, 0.15 + i * 0.05));
    // Brass name plates, blank at this distance.
    for (let i = 0; i < 3; i += 1) cv.rect(mid + 32, GROUND - 70 + i * 12, 18, 8, '#c9a86a');
    const sides = flank(ctx, left, right);
    return `${article(wall.name)} ${wall.name} ${rows + 1}-storey office building with ${article(doorColour.name)} ${doorColour.name} front door up a few steps and ${sides}`;
  },
  house(ctx) {
    const { cv, random } = ctx;
    const wall = pickColour(WALLS, random);
    const left = random.int(80, 140);
    const right = left + random.int(200, 240);
    const roofTop = random.int(40, 70);
    const eaves = roofTop + 60;
    const roof = random.pick(['#8a3b2f', '#4d5a66', '#5a4a3a']);
    cv.rect(right - 60, roofTop + 4, 22, 40, darken(wall.hex, 0.3));
    cv.poly([left - 14, eaves, right + 14, eaves, right - 30, roofTop, left + 30, roofTop], roof);
    cv.rect(left, eaves, right - left, GROUND - eaves, wall.hex);
    const frame = '#f3f1ea';
    wallWindow(cv, left + 26, eaves + 20, 46, 44, { frame, lit: ctx.lamps }, random);
    wallWindow(cv, right - 72, eaves + 20, 46, 44, { frame, lit: ctx.lamps && random.chance(0.5) }, random);
    wallWindow(cv, left + 26, GROUND - 76, 46, 50, { frame, lit: ctx.lamps }, random);
    const doorColour = pickColour(BOLD, random);
    door(cv, right - 74, GROUND - 80, 40, 80, doorColour.hex, ctx.lamps);
    // A ladder against the wall and a van at the kerb: someone is at work.
    const lx = random.int(left + 90, right - 110);
    cv.line(lx, GROUND + 10, lx + 34, eaves - 6, '#b9c0c6', 4);
    cv.line(lx + 22, GROUND + 10, lx + 56, eaves - 6, '#b9c0c6', 4);
    for (let t = 0.1; t < 1; t += 0.12) {
      const y = GROUND + 10 - t * (GROUND + 16 - eaves);
      cv.line(lx + t * 34, y, lx + 22 + t * 34, y, '#b9c0c6', 3);
    }
    const van = pickColour(BOLD, random, ['black']);
    const vx = random.chance(0.5) ? 14 : WIDTH - 226;
    const vy = GROUND - 10;
    cv.rect(vx, vy, 180, 52, van.hex, { rx: 8 });
    cv.poly([vx + 178, vy, vx + 178, vy + 52, vx + 212, vy + 52, vx + 212, vy + 26, vx + 196, vy], van.hex);
    cv.poly([vx + 182, vy + 5, vx + 182, vy + 24, vx + 206, vy + 24, vx + 194, vy + 5], '#7d98ad');
    cv.rect(vx + 10, vy + 28, 160, 6, lighten(van.hex, 0.3));
    for (const wx of [vx + 40, vx + 176]) {
      cv.circle(wx, vy + 52, 12, '#222428');
      cv.circle(wx, vy + 52, 5, '#9aa0a6');
    }
    return `${article(wall.name)} ${wall.name} house with a ladder against the wall and ${article(van.name)} ${van.name} van parked outside`;
  },
  hall(ctx) {
    const { cv, random } = ctx;
    const brick = random.pick([
      { name: 'red-brick', hex: '#9c4a36' },
      { name: 'yellow-brick', hex: '#c9a463' },
      { name: 'dark brick', hex: '#5e3a30' },
    ]);
    const left = 40;
    const right = WIDTH - 40;
    neighbour(cv, -20, left + 20, random.int(40, 100), ctx.weather, random);
    neighbour(cv, right, WIDTH - right + 20, random.int(40, 100), ctx.weather, random);
    const top = 50;
    cv.path(`M${left} ${GROUND}V${top + 30}Q${WIDTH / 2} ${top - 30} ${right} ${top + 30}V${GROUND}z`, brick.hex);
    for (let y = top + 40; y < GROUND; y += 8) cv.line(left, y, right, y, darken(brick.hex, 0.15), 0.6);
    const archW = 110;
    const mid = WIDTH / 2;
    cv.path(
      `M${mid - archW / 2} ${GROUND}V${GROUND - 90}a${archW / 2} ${archW / 2} 0 0 1 ${archW} 0V${GROUND}z`,
      ctx.lamps ? cv.vertical([LIT_WINDOW, '#e08a4a'], true) : '#3a3028',
      { emit: ctx.lamps },
    );
    wallWindow(cv, left + 30, top + 60, 40, 60, { frame: lighten(brick.hex, 0.4), lit: ctx.lamps, arch: true }, random);
    wallWindow(
      cv,
      right - 70,
      top + 60,
      40,
      60,
      { frame: lighten(brick.hex, 0.4), lit: ctx.lamps, arch: true },
      random,
    );
    const lights = ctx.lamps || random.chance(0.4);
    if (lights) stringLights(cv, left + 10, top + 40, right - 10, top + 40, ctx.lamps);
    const crowd = random.int(0, 4);
    for (let i = 0; i < crowd; i += 1)
      person(
        cv,
        mid - 80 + i * 40 + random.int(-8, 8),
        GROUND + 20,
        random.int(50, 58),
        pickColour(BOLD, random).hex,
        random,
      );
    return `${article(brick.name)} ${brick.name} ${ctx.noun} with a tall arched doorway${lights ? ' under strings of lights' : ''}${crowd > 1 ? ' and people gathering outside' : crowd === 1 ? ' and someone waiting outside' : ''}`;
  },
};
