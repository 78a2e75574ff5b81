import type { SpamReason } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';

/**
 * What the request's own headers say against it: client hints (`Sec-CH-UA…`) that disagree with
 * the user agent, and a browser's user agent on a request without the headers every such
 * browser sends. Only a user agent that claims to be a browser (`Mozilla/5.0`) is judged, so
 * tools and tests that say what they are lose nothing here.
 */

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.slice(0, 1_000) : undefined;
};

/** `"Brand";v="123", …` as brand → major version. */
export function parseBrands(value: string): Map<string, string> {
  const brands = new Map<string, string>();
  for (const match of value.matchAll(/"([^"]{1,100})"\s*;\s*v\s*=\s*"([^"]{0,40})"/g)) {
    brands.set(match[1] ?? '', match[2] ?? '');
  }
  return brands;
}

const PLATFORMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/CrOS/, 'Chrome OS'],
  [/Windows NT/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

/** Whether the client hints, where sent, agree with the user agent. */
export function hintsAgree(userAgent: string, hints: { ua?: string; mobile?: string; platform?: string }): boolean {
  if (hints.ua === undefined) return true;
  const brands = parseBrands(hints.ua);
  if ([...brands.keys()].some((brand) => /Headless/i.test(brand))) return false;
  const chrome = /(?:Chrome|Chromium|CriOS)\/(\d+)/.exec(userAgent);
  // Only Chromium sends client hints: Firefox or Safari that sends them is something else.
  if (!chrome) return !/Firefox\/|Version\/[\d.]+ .*Safari\//.test(userAgent);
  const version = brands.get('Chromium') ?? brands.get('Google Chrome');
  // A reduced user agent keeps the major version, so it must match.
  if (version !== undefined && version !== chrome[1]) return false;
  // Only `?1` with a desktop user agent: Chrome for Android's "desktop site" sends `?0` either way.
  if (hints.mobile === '?1' && !/Mobile|Android/.test(userAgent)) return false;
  const platform = hints.platform?.replace(/"/g, '');
  const claimed = PLATFORMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return !platform || !claimed || platform === claimed || (claimed === 'Linux' && platform === 'Chrome OS');
}

/**
 * Whether the request's first language is the page's: every browser builds `Accept-Language` and
 * `navigator.language` from one preference (Safari and a reduced Chrome list only the first in the
 * page, which still agrees), so two that differ were set apart, the header by a script's extra
 * headers or the page by a patch. Nothing to compare is agreement.
 */
export function languagesAgree(acceptLanguage: string | undefined, pageLanguage: unknown): boolean {
  if (typeof pageLanguage !== 'string' || pageLanguage === '' || acceptLanguage === undefined) return true;
  const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first === '' || first === '*' || first === pageLanguage.slice(0, 100).toLowerCase();
}

/** A browser's user agent: Chrome, Edge, Firefox or Safari of a version that sends Sec-Fetch. */
const fetchMetadataBrowser = (ua: string) =>
  /Chrome\/(?:[8-9]\d|\d{3})\b/.test(ua) || /Firefox\/(?:9\d|\d{3})\b/.test(ua);

/** What the request's headers say against it, with the page's own language (`SIGNAL.language`) beside them. */
export function headerReasons(request: FastifyRequest, pageLanguage?: unknown): SpamReason[] {
  const userAgent = header(request, 'user-agent') ?? '';
  if (!userAgent.startsWith('Mozilla/5.0')) return [];
  const reasons: SpamReason[] = [];
  const hints = {
    ua: header(request, 'sec-ch-ua'),
    mobile: header(request, 'sec-ch-ua-mobile'),
    platform: header(request, 'sec-ch-ua-platform'),
  };
  if (!hintsAgree(userAgent, hints)) reasons.push('hints_mismatch');
  const missing =
    header(request, 'accept-language') === undefined ||
    (fetchMetadataBrowser(userAgent) && header(request, 'sec-fetch-mode') === undefined);
  if (missing) reasons.push('headers_inconsistent');
  if (!languagesAgree(header(request, 'accept-language'), pageLanguage)) reasons.push('languages_mismatch');
  return reasons;
}
