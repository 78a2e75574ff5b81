import { createRequire } from 'node:module';
import sharp from 'sharp';
import { FACE_COUNT, glyphOf } from '../../src/captcha/glyphs.js';
import { CAPTCHA_ALPHABET } from '../../src/captcha/token.js';

/**
 * Two captcha readers as an outsider writes them in an afternoon, to measure the picture
 * against: one reads an SVG's character paths by their outline's commands (what read 20 of 20
 * of the old pictures), one cuts a raster picture into characters by its ink columns and
 * matches each against templates of every face. Neither knows the seed; both know the fonts
 * and the alphabet, as an attacker who read the source would.
 */

const require = createRequire(import.meta.url);

/** The outline's command letters: a glyph moved and scaled keeps them, so they name it. */
const commands = (d: string) => d.replace(/[^MLHVCSQTAZ]/gi, '').toUpperCase();

/** svg-captcha's own font, as it loaded it (its opentype.js writes outlines its own way). */
interface OldFont {
  getPath(text: string, x: number, y: number, size: number): { toPathData(decimals?: number): string };
}
const oldFont = () => (require('svg-captcha') as { options: { font: OldFont } }).options.font;

const tables = new Map<string, Map<string, string>>();

/** Signatures of every character, in svg-captcha's font and in ours. */
function signatures(alphabet: string): Map<string, string> {
  const known = tables.get(alphabet);
  if (known) return known;
  const table = new Map<string, string>();
  tables.set(alphabet, table);
  const old = oldFont();
  for (const character of alphabet) {
    table.set(commands(old.getPath(character, 0, 0, 50).toPathData(2)), character);
    for (let face = 0; face < FACE_COUNT; face++) table.set(commands(glyphOf(character, face, 50).d), character);
  }
  return table;
}

/** Reads an SVG picture: filled paths, left to right, each named by its outline's commands. */
export function readSvg(picture: string, alphabet: string): string {
  const table = signatures(alphabet);
  const found: { x: number; character: string }[] = [];
  for (const match of picture.matchAll(/<path([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    if (!/\bfill="(?!none)/.test(attributes)) continue;
    const d = /\bd="([^"]+)"/.exec(attributes)?.[1] ?? '';
    const character = table.get(commands(d));
    const x = Number(/[Mm]\s*(-?[\d.]+)/.exec(d)?.[1] ?? NaN);
    if (character) found.push({ x, character });
  }
  return found
    .sort((a, b) => a.x - b.x)
    .map((f) => f.character)
    .join('');
}

const CELL = 20;
const INK = 120;

interface Gray {
  data: Buffer;
  width: number;
  height: number;
}

async function grayOf(input: Buffer): Promise<Gray> {
  const { data, info } = await sharp(input).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({
    resolveWithObject: true,
  });
  return { data, width: info.width, height: info.height };
}

/** A region's ink, cropped to its rows and scaled to a CELL × CELL grid of 0..1. */
function cell(image: Gray, x0: number, x1: number): number[] {
  let top = image.height;
  let bottom = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = x0; x < x1; x++) {
      if ((image.data[y * image.width + x] ?? 255) < INK) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  if (bottom < top) return new Array<number>(CELL * CELL).fill(0);
  const grid: number[] = [];
  for (let gy = 0; gy < CELL; gy++) {
    for (let gx = 0; gx < CELL; gx++) {
      const y = Math.floor(top + ((gy + 0.5) * (bottom - top + 1)) / CELL);
      const x = Math.floor(x0 + ((gx + 0.5) * (x1 - x0)) / CELL);
      grid.push((image.data[y * image.width + x] ?? 255) < INK ? 1 : 0);
    }
  }
  return grid;
}

/** Runs of columns with ink, as [start, end) pairs. */
function inkColumns(image: Gray): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= image.width; x++) {
    let ink = 0;
    for (let y = 0; x < image.width && y < image.height; y++) {
      if ((image.data[y * image.width + x] ?? 255) < INK) ink++;
    }
    if (ink >= 2 && start < 0) start = x;
    if (ink < 2 && start >= 0) {
      if (x - start >= 4) runs.push([start, x]);
      start = -1;
    }
  }
  return runs;
}

/** Templates of every character in every face, upright, drawn as the picture draws them. */
export async function glyphTemplates(alphabet: string): Promise<{ character: string; grid: number[] }[]> {
  const templates: { character: string; grid: number[] }[] = [];
  for (const character of alphabet) {
    for (let face = 0; face < FACE_COUNT; face++) {
      const glyph = glyphOf(character, face, 60);
      const size = 80;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" transform="translate(40 40)" d="${glyph.d}"/></svg>`;
      const image = await grayOf(Buffer.from(svg));
      const [run] = inkColumns(image).sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
      if (run) templates.push({ character, grid: cell(image, run[0], run[1]) });
    }
  }
  return templates;
}

/**
 * Reads a raster picture: its ink cut into `length` characters by column runs (the widest run
 * split where there are too few), each matched to its nearest template.
 */
export async function readRaster(
  picture: Buffer,
  templates: { character: string; grid: number[] }[],
  length = 5,
): Promise<string> {
  const image = await grayOf(picture);
  const runs = inkColumns(image);
  while (runs.length > 0 && runs.length < length) {
    runs.sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
    const [start, end] = runs.shift()!;
    const middle = Math.floor((start + end) / 2);
    runs.push([start, middle], [middle, end]);
  }
  const pieces = runs
    .sort((a, b) => b[1] - b[0] - (a[1] - a[0]))
    .slice(0, length)
    .sort((a, b) => a[0] - b[0]);
  return pieces
    .map(([start, end]) => {
      const grid = cell(image, start, end);
      let best = { character: '?', distance: Infinity };
      for (const template of templates) {
        let distance = 0;
        for (let i = 0; i < grid.length; i++) distance += Math.abs((grid[i] ?? 0) - (template.grid[i] ?? 0));
        if (distance < best.distance) best = { character: template.character, distance };
      }
      return best.character;
    })
    .join('');
}

export { CAPTCHA_ALPHABET };
