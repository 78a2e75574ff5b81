import type { PageConfig } from '@waymark/protocol';
import { escapeHtml } from '../content/sanitize.js';
import { FAVICON_PATH } from './favicon.js';
import { PAGE_CONTEXT_ELEMENT_ID, ROOT_ELEMENT_ID, type PageContext } from '@waymark/web';

/** Serialises a value into a script element safely: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface DocumentParts {
  title: string;
  body: string;
  context: PageContext;
  pageConfig: PageConfig;
  nonce: string;
  /** The page's module scripts (the entry). */
  scripts: string[];
  /** Modules the scripts import for this page, fetched at once rather than import by import. */
  preloads: string[];
  styles: string[];
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
    `<script nonce="${nonce}">var ctPublicFunctions=${scriptJson(ctPublicFunctions)};var ctPublic=${scriptJson(ctPublic)};</script>`,
    ...parts.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...parts.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}" nonce="${nonce}"></script>`),
    ...parts.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" nonce="${nonce}">`),
    '</head>',
    '<body>',
    `<div id="${ROOT_ELEMENT_ID}">${parts.body}</div>`,
    `<script type="application/json" id="${PAGE_CONTEXT_ELEMENT_ID}">${scriptJson(parts.context)}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
