import { PAGE_CONTEXT_ELEMENT_ID, ROOT_ELEMENT_ID, type PageConfig } from '@waymark/protocol';
import { escapeHtml } from '../content/sanitize.js';
import { FAVICON_PATH } from './favicon.js';

/** Serialises a value into a script element safely: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the head tells search engines and link previews (built by the seo feature). */
export interface DocumentHead {
  /** The page's one absolute address. */
  canonical: string;
  description?: string;
  /** `og:*` property → content. */
  openGraph: Record<string, string>;
  /** schema.org data, printed as JSON-LD. */
  jsonLd?: unknown;
  /** Keep the page out of search indexes. */
  noindex: boolean;
}

export interface DocumentParts {
  title: string;
  body: string;
  /** The React page context, serialised by `scriptJson`. */
  contextJson: string;
  pageConfig: PageConfig;
  nonce: string;
  /** The page's module scripts (the entry). */
  scripts: string[];
  /** Modules the scripts import for this page, fetched at once rather than import by import. */
  preloads: string[];
  styles: string[];
  head?: DocumentHead;
}

function headLines(head: DocumentHead | undefined): string[] {
  if (!head) return [];
  return [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...(head.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(head.description ? [`<meta name="description" content="${escapeHtml(head.description)}">`] : []),
    ...Object.entries(head.openGraph).map(
      ([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`,
    ),
    // Data, not code: browsers do not run this type, so it needs no CSP nonce.
    ...(head.jsonLd === undefined ? [] : [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`]),
  ];
}

/**
 * The whole HTML document. The page configuration is printed as the two globals of PROTOCOL.md
 * section 2, in a nonce'd script before any other script, so page scripts written for the
 * protocol find them; the React page context travels as inert JSON.
 */
export function renderDocument(parts: DocumentParts): string {
  const { ctPublicFunctions, ctPublic } = parts.pageConfig;
  const nonce = escapeHtml(parts.nonce);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<link rel="icon" href="${FAVICON_PATH}">`,
    ...headLines(parts.head),
    `<script nonce="${nonce}">var ctPublicFunctions=${scriptJson(ctPublicFunctions)};var ctPublic=${scriptJson(ctPublic)};</script>`,
    ...parts.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...parts.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}" nonce="${nonce}"></script>`),
    ...parts.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" nonce="${nonce}">`),
    '</head>',
    '<body>',
    `<div id="${ROOT_ELEMENT_ID}">${parts.body}</div>`,
    `<script type="application/json" id="${PAGE_CONTEXT_ELEMENT_ID}">${parts.contextJson}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
