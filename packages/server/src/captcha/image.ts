import sharp from 'sharp';
import { FACE_COUNT, glyphOf } from './glyphs.js';
import { seededRandom } from './seeded-random.js';
import { CAPTCHA_ALPHABET as DECOY_ALPHABET } from './token.js';

/**
 * The captcha's picture, as a PNG: its source holds no characters to read. Each character is an
 * outline from one of several faces, turned, slanted and sized at random, pressed against its
 * neighbours so that they overlap, the whole line bent by a displacement filter, crossed by
 * strokes of the characters' own colours, over faint decoy characters, and sprinkled with
 * noise. What a script reads from an SVG, or matches a glyph's template against, is gone; a
 * person reads it at twice the size of the old one. One code always draws the same picture.
 */

export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 90;

/** How the picture is distorted: the drawing tests compare against a plain one (all zero). */
export interface Distortion {
  /** Largest turn of a character, in degrees. */
  turn: number;
  /** Largest slant, in degrees. */
  slant: number;
  /** How far each character reaches over the next: 0 apart, 0.3 a third of its width. */
  overlap: number;
  /** The displacement filter's scale in pixels. */
  warp: number;
  /** Strokes across the characters. */
  strokes: number;
  /** Faint characters behind the answer. */
  decoys: number;
  /** Share of pixels turned to noise. */
  speckle: number;
}

export const DISTORTED: Distortion = {
  turn: 22,
  slant: 16,
  overlap: 0.16,
  warp: 6,
  strokes: 2,
  decoys: 4,
  speckle: 0.03,
};

export const PLAIN: Distortion = { turn: 0, slant: 0, overlap: -0.15, warp: 0, strokes: 0, decoys: 0, speckle: 0 };

/** The SVG scene of the picture; drawn to pixels by `captchaPng`. */
export function captchaScene(answer: string, seed: string, distortion: Distortion = DISTORTED): string {
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const hue = () => Math.floor(between(0, 360));
  const ink = () => `hsl(${hue()},65%,${Math.round(between(18, 30))}%)`;
  const f = (n: number) => n.toFixed(1);

  const placed: { d: string; x: number; y: number; turn: number; slant: number; colour: string }[] = [];
  let x = 0;
  for (const character of answer) {
    const glyph = glyphOf(character, Math.floor(between(0, FACE_COUNT)), between(54, 64));
    const half = glyph.width / 2;
    x += half;
    placed.push({
      d: glyph.d,
      x,
      y: between(-6, 6),
      turn: between(-distortion.turn, distortion.turn),
      slant: between(-distortion.slant, distortion.slant),
      colour: ink(),
    });
    x += half * (1 - 2 * distortion.overlap) + between(0, 3);
  }
  // The line is scaled to fit, whatever the faces' widths came to.
  const scale = Math.min(1, (CAPTCHA_WIDTH - 24) / x);
  const left = (CAPTCHA_WIDTH - x * scale) / 2;
  const glyphs = placed
    .map(
      (g) =>
        `<path fill="${g.colour}" transform="translate(${f(left + g.x * scale)} ${f(CAPTCHA_HEIGHT / 2 + g.y)}) scale(${scale.toFixed(3)}) rotate(${f(g.turn)}) skewX(${f(g.slant)})" d="${g.d}"/>`,
    )
    .join('');

  const stroke = (width: number, colour: string) => {
    const y = () => f(between(15, CAPTCHA_HEIGHT - 15));
    return `<path fill="none" stroke="${colour}" stroke-width="${f(width)}" stroke-linecap="round" d="M${f(between(0, 20))} ${y()} C${f(between(50, 110))} ${y()} ${f(between(130, 190))} ${y()} ${f(between(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH))} ${y()}"/>`;
  };
  const strokes = Array.from({ length: distortion.strokes }, (_, i) =>
    stroke(i === 0 ? between(1, 1.6) : between(1.8, 2.4), placed[i % placed.length]?.colour ?? ink()),
  ).join('');
  const decoys = Array.from({ length: distortion.decoys }, () => {
    const glyph = glyphOf(
      DECOY_ALPHABET[Math.floor(between(0, DECOY_ALPHABET.length))] ?? 'x',
      Math.floor(between(0, FACE_COUNT)),
      between(28, 44),
    );
    const at = `translate(${f(between(10, CAPTCHA_WIDTH - 10))} ${f(between(14, CAPTCHA_HEIGHT - 14))}) rotate(${f(between(-60, 60))})`;
    return `<path fill="hsl(${hue()},35%,84%)" transform="${at}" d="${glyph.d}"/>`;
  }).join('');

  const warp =
    distortion.warp > 0
      ? `<filter id="w" x="-5%" y="-5%" width="110%" height="110%"><feTurbulence type="turbulence" baseFrequency="${between(0.018, 0.03).toFixed(3)} ${between(0.04, 0.07).toFixed(3)}" numOctaves="2" seed="${Math.floor(between(1, 9_999))}"/><feDisplacementMap in="SourceGraphic" scale="${distortion.warp}" xChannelSelector="R" yChannelSelector="G"/></filter>`
      : '';
  const background = `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue()},50%,95%)"/><stop offset="1" stop-color="hsl(${hue()},50%,90%)"/></linearGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">` +
    `<defs>${background}${warp}</defs><rect width="100%" height="100%" fill="url(#b)"/>${decoys}` +
    `<g${warp ? ' filter="url(#w)"' : ''}>${glyphs}${strokes}</g></svg>`
  );
}

/** Noise over the picture: a share of its pixels set dark or light, from the same seed. */
function speckles(seed: string, share: number): Buffer {
  const random = seededRandom(`${seed}|speckle`);
  const pixels = Buffer.alloc(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 4);
  for (let i = 0; i < CAPTCHA_WIDTH * CAPTCHA_HEIGHT; i++) {
    if (random() >= share) continue;
    const shade = random() < 0.5 ? Math.floor(random() * 90) : 170 + Math.floor(random() * 85);
    pixels.fill(shade, i * 4, i * 4 + 3);
    pixels[i * 4 + 3] = 255;
  }
  return pixels;
}

/** The picture of `answer` as PNG bytes, the same for the same seed. */
export async function captchaPng(answer: string, seed: string, distortion: Distortion = DISTORTED): Promise<Buffer> {
  const picture = sharp(Buffer.from(captchaScene(answer, seed, distortion)));
  const noise =
    distortion.speckle > 0
      ? [
          {
            input: speckles(seed, distortion.speckle),
            raw: { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, channels: 4 as const },
          },
        ]
      : [];
  return picture.composite(noise).png({ compressionLevel: 6 }).toBuffer();
}
