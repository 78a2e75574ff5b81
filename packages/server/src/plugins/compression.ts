import compress from '@fastify/compress';
import etag from '@fastify/etag';
import { hash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { DoneFuncWithErrOrRes, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli's quality for answers made per request: 11 would cost far more time than it saves bytes. */
const BROTLI_ON_THE_FLY_QUALITY = 4;

/**
 * Text worth compressing. Anything else is compressed only when mime-db calls its type
 * compressible, so images (WebP, PNG, JPEG, GIF), video and fonts, compressed already, go out
 * as they are, and so do bytes of unknown type.
 */
const TEXT_TYPES = /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/u;

/** A body in memory, of a text type, at least as large as the threshold. */
function worthCompressing(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return false;
  return TEXT_TYPES.test(String(reply.getHeader('content-type') ?? ''));
}

/**
 * `Vary: Accept-Encoding` on every answer whose encoding depends on the request's
 * `Accept-Encoding`, also when it goes out uncompressed because the client accepts no
 * compression: a shared cache must not hand that copy to a client that does, nor the other way
 * round. (@fastify/compress adds it only when it compresses; @fastify/static always does for
 * the files it serves precompressed.)
 */
function varyOnEncoding(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: DoneFuncWithErrOrRes) {
  if (worthCompressing(reply, payload)) {
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  }
  done(null, payload);
}

/** The encoding to send for an `Accept-Encoding` header: brotli when it is welcome, else gzip. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((token) => token.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

/**
 * The not-found page. The not-found handler is no route, so @fastify/compress, which hooks into
 * routes, never sees its answers (nor those of a route that hands over to it, as the static
 * files do for a file that is not there): they are compressed here, in the same way.
 */
function compressNotFound(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: DoneFuncWithErrOrRes) {
  done(null, notFoundCompressed(request, reply, payload));
}

function notFoundCompressed(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!request.is404 || reply.hasHeader('content-encoding') || !worthCompressing(reply, payload)) return payload;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const body =
    encoding === 'br'
      ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_ON_THE_FLY_QUALITY } })
      : gzipSync(payload);
  reply.header('content-encoding', encoding).header('content-length', body.length);
  return body;
}

/**
 * Every text answer compressed on the fly, brotli where the client accepts it and gzip
 * otherwise, and weak ETags on every answer with a body in memory (pages and calls) with 304 for
 * a matching `If-None-Match`. Static files are compressed at build time instead (`npm run
 * build`, see build.ts) and served precompressed by @fastify/static; this covers the rest.
 *
 * Registered before any route: @fastify/compress hooks into each route as it is added. Its hook
 * is the route's own, so it runs after the instance-wide ones here: the ETag is computed over
 * the uncompressed body, which is why it is weak (RFC 9110 §8.8.1: the same weak validator for
 * each encoding of one content), and a 304 carries the same `Vary` as the 200 would.
 */
export const compressionPlugin = fp(
  async (app) => {
    app.addHook('onSend', varyOnEncoding);
    // The SHA-1 @fastify/etag uses by default, in one call: under load the item popup's ETag
    // took 7 of its 70 µs, and making a Hash object for each answer was 3 of those.
    await app.register(etag, { weak: true, hashFn: (payload) => hash('sha1', payload, 'base64') });
    app.addHook('onSend', compressNotFound);
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_ON_THE_FLY_QUALITY } },
      threshold: COMPRESS_THRESHOLD,
      customTypes: TEXT_TYPES,
      // Request bodies come as the browser sends them; nothing here decompresses them.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
