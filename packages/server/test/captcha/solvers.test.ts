import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { captchaPng, PLAIN } from '../../src/captcha/image.js';
import { CAPTCHA_ALPHABET, glyphTemplates, readRaster, readSvg } from './solvers.js';

const require = createRequire(import.meta.url);
/** The old picture: svg-captcha's drawing, as the site drew it before issue 27. */
const oldPicture = (answer: string) =>
  (require('svg-captcha') as (text: string, options: Record<string, unknown>) => string)(answer, {
    width: 150,
    height: 50,
    fontSize: 52,
    noise: 2,
    color: true,
    background: '#ffffff',
  });
const word = () => Array.from(randomBytes(5), (b) => CAPTCHA_ALPHABET[b % CAPTCHA_ALPHABET.length]).join('');

// Issue 27: a 30-line script read 20 of 20 live pictures and signed the administrator in.
describe('the captcha picture against outside-style readers', () => {
  /** A hundred live pictures, as the site draws them, and the answer of each. */
  const pictures: { answer: string; picture: Buffer }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 100; i++) {
      const answer = word();
      pictures.push({ answer, picture: await captchaPng(answer, `live-${i}`) });
    }
  });

  it('the SVG reader reads the old pictures, and none of 100 new ones', () => {
    const old = Array.from({ length: 100 }, word).filter(
      (answer) => readSvg(oldPicture(answer), CAPTCHA_ALPHABET) === answer,
    );
    expect(old.length).toBeGreaterThanOrEqual(95);
    expect(pictures.every(({ picture }) => picture.subarray(1, 4).toString() === 'PNG')).toBe(true);
    const read = pictures.filter(
      ({ answer, picture }) => readSvg(picture.toString('latin1'), CAPTCHA_ALPHABET) === answer,
    );
    expect(read).toHaveLength(0);
  });

  it('the glyph matcher reads plain drawings of the same glyphs, and none of 100 pictures', async () => {
    const templates = await glyphTemplates(CAPTCHA_ALPHABET);
    let plain = 0;
    for (let i = 0; i < 30; i++) {
      const answer = word();
      if ((await readRaster(await captchaPng(answer, `plain-${i}`, PLAIN), templates)) === answer) plain++;
    }
    // The reader works: drawn upright and apart, the same glyphs are read.
    expect(plain).toBeGreaterThanOrEqual(27);
    let read = 0;
    for (const { answer, picture } of pictures) if ((await readRaster(picture, templates)) === answer) read++;
    expect(read).toBe(0);
  });

  it('draws one code the same each time, so asking again gives no new noise to average', async () => {
    const [a, b, c] = await Promise.all([
      captchaPng('abc45', 'one'),
      captchaPng('abc45', 'one'),
      captchaPng('abc45', 'two'),
    ]);
    expect(a.equals(b!)).toBe(true);
    expect(a.equals(c!)).toBe(false);
  });
});
