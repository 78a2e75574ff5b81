import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** The largest upload taken, before re-encoding. */
export const MAX_UPLOAD_BYTES = 5 * 1_048_576;
/** Formats taken, as sharp reads them from the bytes themselves (never from a name or a header). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
const FOLDER = 'items';

export class ImageRefused extends Error {}

export interface StoredImage {
  /** The picture's address under /media/. */
  url: string;
  thumb: string;
  width: number;
  height: number;
}

/** The thumbnail's address of a stored picture's address; '' for a picture not stored by us. */
export function thumbOf(url: string): string {
  return url.startsWith(`/media/${FOLDER}/`) && url.endsWith('.webp') ? url.replace(/\.webp$/, '-thumb.webp') : '';
}

/**
 * Checks an uploaded picture by its bytes, and stores it re-encoded (which drops whatever else
 * the file carried: metadata, scripts, trailing data) at most 1600 px wide and high, with a
 * 320 px thumbnail, both WebP, under names nobody can guess.
 */
export async function storeUploadedImage(mediaDir: string, bytes: Buffer): Promise<StoredImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageRefused('The picture is larger than 5 MB.');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new ImageRefused('The file is not a picture this site can read.');
  }
  if (!format || !ACCEPTED.has(format)) throw new ImageRefused('Upload a JPEG, PNG, WebP, GIF or AVIF picture.');
  const name = randomBytes(12).toString('hex');
  const folder = path.join(mediaDir, FOLDER);
  await mkdir(folder, { recursive: true });
  try {
    const source = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
    const [full, thumb] = await Promise.all([
      source
        .clone()
        .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      source.clone().resize({ width: 320, height: 320, fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
    ]);
    await writeFile(path.join(folder, `${name}.webp`), full.data);
    await writeFile(path.join(folder, `${name}-thumb.webp`), thumb);
    return {
      url: `/media/${FOLDER}/${name}.webp`,
      thumb: `/media/${FOLDER}/${name}-thumb.webp`,
      width: full.info.width,
      height: full.info.height,
    };
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    throw new ImageRefused('The picture could not be read.');
  }
}

/** Removes a picture this site stored (and its thumbnail); other addresses are left alone. */
export async function removeStoredImage(mediaDir: string, url: string): Promise<void> {
  const thumb = thumbOf(url);
  if (!thumb) return;
  const name = path.basename(url);
  if (!/^[0-9a-f]{24}\.webp$/.test(name)) return;
  await Promise.all([
    rm(path.join(mediaDir, FOLDER, name), { force: true }),
    rm(path.join(mediaDir, FOLDER, path.basename(thumb)), { force: true }),
  ]);
}
