import type { Random } from '../random.js';
import { type Canvas, HEIGHT, WIDTH, darken, lighten, mix } from './canvas.js';
import { pickColour, WALLS } from './palette.js';
import { LIT_WINDOW, wallWindow } from './parts.js';
import { drawSky, type Weather } from './sky.js';

/** Where the pavement meets the buildings in street scenes. */
export const GROUND = 262;

/** Sky, a far skyline in the haze, the pavement and the road. */
export function streetBackdrop(cv: Canvas, weather: Weather, random: Random): void {
  drawSky(cv, weather, GROUND, random);
  const haze = mix('#8a94a6', '#c9d3e0', 0.4);
  let x = -10;
  while (x < WIDTH) {
    const w = random.int(30, 70);
    const h = random.int(70, 170);
    cv.rect(x, GROUND - h, w, h, haze, { opacity: 0.55 });
    x += w + random.int(-6, 4);
  }
  const kerb = GROUND + 30;
  cv.rect(0, GROUND, WIDTH, kerb - GROUND, cv.vertical(['#c9c4ba', '#b3aea4']));
  for (let px = random.int(0, 30); px < WIDTH; px += 48) cv.line(px, GROUND, px - 18, kerb, '#a39e95', 0.8);
  cv.rect(0, kerb, WIDTH, 4, '#8f8a82');
  cv.rect(0, kerb + 4, WIDTH, HEIGHT - kerb - 4, '#55585e');
}

/**
 * A plain building beside the main one, from `x` for `w` pixels, up to `top`: wall, windows,
 * and a ground floor of its own.
 */
export function neighbour(cv: Canvas, x: number, w: number, top: number, weather: Weather, random: Random): void {
  const wall = pickColour(WALLS, random).hex;
  const shade = darken(wall, 0.12);
  cv.rect(x, top, w, GROUND - top, shade);
  cv.rect(x, top - 6, w, 8, darken(wall, 0.3));
  const cols = Math.max(1, Math.floor(w / 46));
  const gap = w / cols;
  for (let row = top + 22; row < GROUND - 120; row += 56) {
    for (let c = 0; c < cols; c += 1) {
      wallWindow(
        cv,
        x + c * gap + gap * 0.28,
        row,
        gap * 0.44,
        34,
        { frame: lighten(shade, 0.4), lit: weather.light.lamps && random.chance(0.45) },
        random,
      );
    }
  }
  // Its own ground floor: a darker band with a shop window or a door.
  cv.rect(x, GROUND - 96, w, 96, darken(wall, 0.22));
  const glassLit = weather.light.lamps && random.chance(0.6);
  cv.rect(x + w * 0.12, GROUND - 80, w * 0.76, 60, glassLit ? LIT_WINDOW : '#4f6a80', { emit: glassLit });
  cv.rect(x + w * 0.12, GROUND - 22, w * 0.76, 22, darken(wall, 0.35));
}
