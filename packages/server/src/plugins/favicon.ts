import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

export const FAVICON_PATH = '/favicon.ico';

/** The site's mark: a white waymark pin on the accent blue of the site's header links. */
const MARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#0b5cad"/>
<path d="M32 8c-10.5 0-19 8.3-19 18.6C13 40.5 32 58 32 58s19-17.5 19-31.4C51 16.3 42.5 8 32 8z" fill="#fff"/>
<circle cx="32" cy="26.5" r="7.5" fill="#0b5cad"/>
</svg>`;

const SIZES = [16, 32, 48];

/**
 * An ICO file holding PNG images, which every browser since IE 11 reads: the 6-byte header, one
 * 16-byte directory entry per image, then the images.
 */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: an icon, not a cursor
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** Draws the site's mark at the icon sizes browsers ask for. */
export async function drawFavicon(): Promise<Buffer> {
  const images = await Promise.all(
    SIZES.map(async (size) => ({
      size,
      png: await sharp(Buffer.from(MARK), { density: (72 * size) / 64 })
        .resize(size, size)
        .png({ compressionLevel: 9, palette: true })
        .toBuffer(),
    })),
  );
  return icoFromPngs(images);
}

/**
 * `/favicon.ico`, which browsers ask for on every first visit whatever a page links; pages link
 * it too. Drawn once at start. Its PNG images are compressed already, so it goes out as it is.
 */
export async function faviconRoute(app: FastifyInstance) {
  const icon = await drawFavicon();
  app.get(FAVICON_PATH, { compress: false }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(icon),
  );
}
