import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A stand-in for a Nominatim instance on loopback: it answers `/search` and `/reverse` in the
 * Nominatim format, remembers every request it got, and can be slowed, broken or stopped.
 */
export interface FakeNominatim {
  url: string;
  requests: { path: string; query: URLSearchParams; userAgent: string | undefined }[];
  /** Milliseconds to wait before answering. */
  delayMs: number;
  /** Answer this status (with a text body) instead of a place. */
  failWith: number | null;
  /** Answer this JSON instead of a place. */
  answer: unknown;
  stop(): Promise<void>;
}

export function upstreamPlace(name: string) {
  return {
    place_id: 123456,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 42,
    lat: '48.8566000',
    lon: '2.3522000',
    display_name: `${name} (from upstream)`,
    boundingbox: ['48.8', '48.9', '2.3', '2.4'],
    class: 'place',
    type: 'city',
    importance: 0.9,
  };
}

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const sockets = new Set<Socket>();
  const fake: FakeNominatim = {
    url: '',
    requests: [],
    delayMs: 0,
    failWith: null,
    answer: undefined,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const respond = (request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({ path: url.pathname, query: url.searchParams, userAgent: request.headers['user-agent'] });
    if (fake.failWith !== null) return { status: fake.failWith, body: 'upstream trouble', type: 'text/plain' };
    const place = upstreamPlace(url.searchParams.get('q') ?? 'Reverse');
    const body = fake.answer ?? (url.pathname === '/search' ? [place] : place);
    return { status: 200, body: JSON.stringify(body), type: 'application/json' };
  };
  const server: Server = createServer((request, response) => {
    const { status, body, type } = respond(request);
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    }, fake.delayMs);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
