import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';

/** A 256 × 256 PNG of one light colour, made here so the tests need no picture file. */
function tilePng(): Buffer {
  const size = 256;
  const row = Buffer.alloc(1 + size * 3, 0);
  for (let x = 0; x < size; x += 1) row.set([0xd4, 0xe6, 0xc8], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TileServer {
  /** The `TILE_URL` template for this server. */
  template: string;
  origin: string;
  /** Tile requests answered so far. */
  requests(): number;
  stop(): Promise<void>;
}

/** A real tile server on loopback: any `/z/x/y.png` answers the same small picture, and is counted. */
export async function startTileServer(): Promise<TileServer> {
  const png = tilePng();
  let count = 0;
  const server: Server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    count += 1;
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    template: `${origin}/{z}/{x}/{y}.png`,
    origin,
    requests: () => count,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
