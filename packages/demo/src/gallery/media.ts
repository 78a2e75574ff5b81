import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { GalleryPhoto } from '@waymark/protocol';
import { writeIfMissing } from '../write-if-missing.js';

/**
 * The gallery page's pictures, drawn locally from SVG the first time the page is asked for (no
 * network, no stock photos), in the formats the lightbox recognises and in sizes that exercise
 * its scaling: one larger than any screen, one smaller than the holder.
 */

export const GALLERY_MEDIA_PREFIX = '/media/gallery/';

interface Picture {
  file: string;
  width: number;
  height: number;
  hue: number;
  label: string;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

const PHOTOS: (Picture & { title: string; caption: string })[] = [
  {
    file: 'harbour.jpg',
    width: 2400,
    height: 1500,
    hue: 205,
    label: 'Harbour',
    title: 'The harbour at dawn',
    caption: 'Fishing boats return as the light comes up over the breakwater.',
  },
  {
    file: 'market.png',
    width: 800,
    height: 600,
    hue: 28,
    label: 'Market',
    title: 'Saturday market',
    caption: 'Stalls line the square from eight until two.',
  },
  {
    file: 'bridge.webp',
    width: 1200,
    height: 800,
    hue: 150,
    label: 'Bridge',
    title: 'The old bridge',
    caption: 'Built in 1820 and still carrying traffic.',
  },
  {
    file: 'lanterns.svg',
    width: 640,
    height: 480,
    hue: 330,
    label: 'Lanterns',
    title: 'Lantern festival',
    caption: '',
  },
  {
    file: 'garden.gif',
    width: 320,
    height: 240,
    hue: 95,
    label: 'Garden',
    title: 'Botanic garden',
    caption:
      'The glasshouse, the lily pond, the long border, the rose walk, the orchard, the herb beds, the fernery, the alpine house, the bog garden, the winter garden, the arboretum, the sensory garden, the kitchen garden, the wildflower meadow, the Japanese garden with its tea house and koi pond, the rock garden, the rhododendron dell, the woodland walk, the children’s maze and the visitor centre with its café, shop and gallery, all open every day of the year except Christmas Day, from nine in the morning until dusk or half past six, whichever comes first, with free guided tours at eleven and three.',
  },
];

const EXTRA: Picture[] = [
  { file: 'lighthouse.jpg', width: 1000, height: 700, hue: 190, label: 'Lighthouse' },
  { file: 'dunes.jpg', width: 1000, height: 700, hue: 45, label: 'Dunes' },
  { file: 'post-square.jpg', width: 900, height: 600, hue: 260, label: 'Square' },
  { file: 'post-river.jpg', width: 900, height: 600, hue: 175, label: 'River' },
];

function svg({ width, height, hue, label }: Picture): string {
  const size = Math.round(Math.min(width, height) / 6);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,62%)"/>`,
    `<stop offset="1" stop-color="hsl(${(hue + 50) % 360},60%,32%)"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${width * 0.72}" cy="${height * 0.3}" r="${size * 1.4}" fill="#fff" fill-opacity="0.18"/>`,
    `<text x="${width / 2}" y="${height / 2}" font-family="${FONT}" font-size="${size}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#fff">${label}</text>`,
    `<text x="${width / 2}" y="${height / 2 + size}" font-family="${FONT}" font-size="${Math.round(size / 3)}" text-anchor="middle" dominant-baseline="central" fill="#fff">${width} × ${height}</text>`,
    '</svg>',
  ].join('');
}

async function encode(picture: Picture): Promise<Buffer | string> {
  const source = svg(picture);
  const image = sharp(Buffer.from(source));
  switch (path.extname(picture.file)) {
    case '.svg':
      return source;
    case '.png':
      return image.png().toBuffer();
    case '.webp':
      return image.webp({ quality: 80 }).toBuffer();
    case '.gif':
      return image.gif().toBuffer();
    default:
      return image.jpeg({ quality: 80 }).toBuffer();
  }
}

const thumbName = (file: string) => `thumb-${path.parse(file).name}.webp`;

const drawn = new Map<string, Promise<void>>();

/** Draws the pictures once per process and media folder; files already there are kept. */
export function ensureGalleryMedia(mediaDir: string): Promise<void> {
  const known = drawn.get(mediaDir);
  if (known) return known;
  const ready = (async () => {
    const dir = path.join(mediaDir, 'gallery');
    await mkdir(dir, { recursive: true });
    for (const picture of [...PHOTOS, ...EXTRA]) {
      await writeIfMissing(path.join(dir, picture.file), () => encode(picture));
      await writeIfMissing(path.join(dir, thumbName(picture.file)), () =>
        sharp(Buffer.from(svg(picture)))
          .resize(240, 160, { fit: 'cover' })
          .webp({ quality: 70 })
          .toBuffer(),
      );
    }
  })().catch((error: unknown) => {
    drawn.delete(mediaDir);
    throw error;
  });
  drawn.set(mediaDir, ready);
  return ready;
}

const toPhoto = (p: Picture & { title?: string; caption?: string }): GalleryPhoto => ({
  src: GALLERY_MEDIA_PREFIX + p.file,
  thumb: GALLERY_MEDIA_PREFIX + thumbName(p.file),
  width: p.width,
  height: p.height,
  title: p.title ?? p.label,
  caption: p.caption ?? '',
});

export const galleryPhotos = () => PHOTOS.map(toPhoto);
export const extraPhotos = () => EXTRA.slice(0, 2).map(toPhoto);
export const postPhotos = () => EXTRA.slice(2).map(toPhoto);
