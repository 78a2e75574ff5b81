import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Random } from './random.js';
import { escapeHtml } from '../content/sanitize.js';

/**
 * Demo pictures drawn locally from SVG, so that seeding needs no network and no stock photos.
 * Files that already exist are kept: a re-seed then costs no image work.
 */

const WIDTH = 480;
const HEIGHT = 320;
/** sharp renders SVG text through fontconfig; these are common on Linux, macOS and Windows. */
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const LETTERS = 'ABCDEFGHJKLMNPRSTVW';

export const IMAGE_URL_PREFIX = '/media/seed/images/';
export const MARKER_URL_PREFIX = '/media/seed/markers/';

/** Writes the `count` images `img-1.webp`…; image n carries `labels[(n-1) % labels.length]`. */
export async function generateImagePool(
  mediaDir: string,
  count: number,
  random: Random,
  labels: readonly string[] = [],
): Promise<string[]> {
  const dir = path.join(mediaDir, 'seed', 'images');
  await mkdir(dir, { recursive: true });
  // Every picture's design is drawn before any file check, so that which files already exist
  // never changes what the random stream yields next.
  const jobs = Array.from({ length: count }, (_, i) => {
    const label = labels.length > 0 ? (labels[i % labels.length] as string) : initials(random);
    return { n: i + 1, svg: imageSvg(label, random) };
  });
  const PARALLEL = 4;
  for (let start = 0; start < jobs.length; start += PARALLEL) {
    await Promise.all(
      jobs
        .slice(start, start + PARALLEL)
        .map(({ n, svg }) =>
          writeIfMissing(path.join(dir, `img-${n}.webp`), () =>
            sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer(),
          ),
        ),
    );
  }
  return jobs.map(({ n }) => `${IMAGE_URL_PREFIX}img-${n}.webp`);
}

const MARKER_COLOURS: Readonly<Record<string, string>> = {
  red: '#e53935',
  blue: '#1e88e5',
  green: '#43a047',
  orange: '#fb8c00',
  purple: '#8e24aa',
  teal: '#00897b',
  pink: '#d81b60',
  navy: '#283593',
};

/** Writes `count` map pins in different colours, `marker-<colour>.svg`, sized 30×30. */
export async function generateMarkers(mediaDir: string, random: Random, count = 6): Promise<string[]> {
  const dir = path.join(mediaDir, 'seed', 'markers');
  await mkdir(dir, { recursive: true });
  const colours = random.shuffle(Object.keys(MARKER_COLOURS)).slice(0, count);
  await Promise.all(
    colours.map((colour) =>
      writeIfMissing(path.join(dir, `marker-${colour}.svg`), async () => markerSvg(MARKER_COLOURS[colour] as string)),
    ),
  );
  return colours.map((colour) => `${MARKER_URL_PREFIX}marker-${colour}.svg`);
}

/** Writes through a temporary name, so an interrupted seed never leaves a half file to be kept. */
async function writeIfMissing(file: string, produce: () => Promise<Buffer | string>): Promise<void> {
  if (existsSync(file)) return;
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, await produce());
  await rename(temporary, file);
}

function markerSvg(fill: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 30 30">',
    `<path d="M15 1.5C9.8 1.5 5.6 5.6 5.6 10.8 5.6 17.6 15 28.5 15 28.5s9.4-10.9 9.4-17.7C24.4 5.6 20.2 1.5 15 1.5z" fill="${fill}" stroke="#ffffff" stroke-width="1.5"/>`,
    '<circle cx="15" cy="10.8" r="3.6" fill="#ffffff"/>',
    '</svg>\n',
  ].join('');
}

function imageSvg(label: string, random: Random): string {
  const hue = random.int(0, 359);
  const from = hsl(hue, random.int(55, 75), random.int(55, 65));
  const to = hsl((hue + random.int(30, 80)) % 360, random.int(55, 75), random.int(35, 45));
  const angle = random.pick([
    ['0', '0', '1', '1'],
    ['1', '0', '0', '1'],
    ['0', '0', '0', '1'],
    ['0', '0', '1', '0'],
  ] as const);
  const shape = random.pick(SHAPES)(random);
  const accentX = random.int(40, WIDTH - 40);
  const accentY = random.int(30, HEIGHT - 30);
  const accentR = random.int(14, 40);
  const fontSize = label.length > 5 ? 52 : 64;
  const text = escapeHtml(label);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<defs><linearGradient id="g" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}">`,
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>`,
    shape,
    `<circle cx="${accentX}" cy="${accentY}" r="${accentR}" fill="#ffffff" fill-opacity="0.15"/>`,
    `<text x="${WIDTH / 2 + 2}" y="${HEIGHT / 2 + 3}" font-family="${FONT}" font-size="${fontSize}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#000000" fill-opacity="0.25">${text}</text>`,
    `<text x="${WIDTH / 2}" y="${HEIGHT / 2}" font-family="${FONT}" font-size="${fontSize}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#ffffff">${text}</text>`,
    '</svg>',
  ].join('');
}

const SHAPES: readonly ((random: Random) => string)[] = [
  (random) =>
    `<circle cx="${random.int(60, 420)}" cy="${random.int(40, 280)}" r="${random.int(90, 150)}" fill="#ffffff" fill-opacity="0.18"/>`,
  (random) =>
    `<rect x="${random.int(20, 240)}" y="${random.int(20, 140)}" width="${random.int(160, 240)}" height="${random.int(120, 170)}" rx="28" fill="#ffffff" fill-opacity="0.16" transform="rotate(${random.int(-20, 20)} 240 160)"/>`,
  (random) => {
    const x = random.int(80, 400);
    return `<polygon points="${x},${random.int(10, 60)} ${x + 170},300 ${x - 170},300" fill="#ffffff" fill-opacity="0.16"/>`;
  },
  (random) => {
    const y = random.int(170, 240);
    return `<path d="M0 ${y} C120 ${y - 70} 240 ${y + 70} 480 ${y - 30} L480 320 L0 320 Z" fill="#ffffff" fill-opacity="0.2"/>`;
  },
  (random) =>
    `<circle cx="${random.int(120, 360)}" cy="${random.int(100, 220)}" r="${random.int(100, 130)}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="${random.int(18, 34)}"/>`,
];

function initials(random: Random): string {
  return random.pick([...LETTERS]) + random.pick([...LETTERS]);
}

/** Written as hex because not every SVG renderer understands `hsl()`. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
