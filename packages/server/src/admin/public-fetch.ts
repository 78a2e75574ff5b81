import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { isPublicAddress } from './public-address.js';

/** A fetch this module will not make, or a page it could not get; the message is for the person. */
export class FetchRefused extends Error {
  override name = 'FetchRefused';
}

export interface PublicFetchOptions {
  /** Bytes of (decompressed) body read at most; the rest is never downloaded. */
  maxBytes?: number;
  /** The whole fetch, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Host names that may resolve to any address: a test's pages on loopback. */
  allowedHosts?: readonly string[];
  userAgent?: string;
}

export interface FetchedPage {
  /** The address the page was finally read from, after redirects. */
  url: string;
  body: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NOT_PUBLIC = 'That address is not on the public internet.';

/**
 * GETs a web page for the server, on behalf of a person, without letting that person reach what
 * only the server can: only http and https, no credentials in the address, and every address the
 * host resolves to must be public. The check runs at connect time (the resolver's answer is the one
 * connected to, so DNS rebinding gains nothing) and again after every redirect.
 */
export async function fetchPublicPage(address: string, options: PublicFetchOptions = {}): Promise<FetchedPage> {
  const { maxBytes = 512 * 1024, timeoutMs = 5_000, maxRedirects = 5, allowedHosts = [] } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = checkedAddress(address, allowedHosts);
  try {
    for (let hop = 0; ; hop++) {
      const response = await get(url, allowedHosts, signal, options.userAgent);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hop >= maxRedirects) throw new FetchRefused('The page redirects too many times.');
        url = checkedAddress(new URL(location, url).href, allowedHosts);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new FetchRefused(`The page answered with status ${status}.`);
      }
      const type = String(response.headers['content-type'] ?? '').toLowerCase();
      if (type && !/^(text\/html|application\/xhtml\+xml)\b/.test(type)) {
        response.destroy();
        throw new FetchRefused('The address is not a web page.');
      }
      return { url: url.href, body: await readText(response, type, maxBytes) };
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (signal.aborted) throw new FetchRefused('The page took too long to answer.');
    throw new FetchRefused('The page could not be fetched.');
  }
}

function checkedAddress(address: string, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused('That is not a web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused('Only http and https addresses can be fetched.');
  }
  if (url.username || url.password) throw new FetchRefused('Addresses with a user name or password are refused.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // The resolver never runs for a literal address, so it is judged here.
  if (isIP(host) && !allowedHosts.includes(host) && !isPublicAddress(host)) throw new FetchRefused(NOT_PUBLIC);
  return url;
}

function guardedLookup(allowAny: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || (!allowAny && addresses.some((a) => !isPublicAddress(a.address)))) {
        return callback(Object.assign(new FetchRefused(NOT_PUBLIC), { code: 'ENOTPUBLIC' }), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

function get(url: URL, allowedHosts: readonly string[], signal: AbortSignal, userAgent?: string) {
  const client = url.protocol === 'https:' ? https : http;
  const allowAny = allowedHosts.includes(url.hostname.toLowerCase());
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        signal,
        lookup: guardedLookup(allowAny),
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': userAgent ?? 'Waymark link preview',
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity' || encoding === '') return response;
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(createGunzip());
  if (encoding === 'deflate') return response.pipe(createInflate());
  if (encoding === 'br') return response.pipe(createBrotliDecompress());
  response.destroy();
  throw new FetchRefused('The page is sent in an encoding the server cannot read.');
}

/** The body, decompressed, cut at `maxBytes` (a title sits near the top; the rest is not fetched). */
async function readText(response: IncomingMessage, contentType: string, maxBytes: number): Promise<string> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      chunks.push(buffer.subarray(0, maxBytes - size));
      size += Math.min(buffer.length, maxBytes - size);
      if (size >= maxBytes) break;
    }
  } finally {
    response.destroy();
    stream.destroy();
  }
  const charset = /charset=["']?([\w-]+)/.exec(contentType)?.[1] ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(Buffer.concat(chunks));
}
