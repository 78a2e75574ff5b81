import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import opentype from 'opentype.js';

/**
 * Character outlines for the captcha picture, from fonts that ship with the server (DejaVu's,
 * from npm) rather than the machine's, so the picture is the same on every host. Several faces,
 * so a glyph's shape does not say which character it is from one template.
 */

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FACES = ['DejaVuSans-Bold.ttf', 'DejaVuSerif-Bold.ttf', 'DejaVuSansMono-Bold.ttf', 'DejaVuSans-BoldOblique.ttf'];

let fonts: opentype.Font[] | null = null;
const load = (face: string) => {
  const bytes = readFileSync(path.join(FONT_DIR, face));
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};
const loaded = () => (fonts ??= FACES.map(load));

export const FACE_COUNT = FACES.length;

export interface Glyph {
  /** SVG path data, drawn around the origin: its box's centre is at (0, 0). */
  d: string;
  width: number;
  height: number;
}

/** The outline of `character` in face `face` at `size` pixels, centred on the origin. */
export function glyphOf(character: string, face: number, size: number): Glyph {
  const font = loaded()[face % FACES.length]!;
  const box = font.getPath(character, 0, 0, size).getBoundingBox();
  const centred = font.getPath(character, -(box.x1 + box.x2) / 2, -(box.y1 + box.y2) / 2, size);
  return { d: centred.toPathData(2), width: box.x2 - box.x1, height: box.y2 - box.y1 };
}
