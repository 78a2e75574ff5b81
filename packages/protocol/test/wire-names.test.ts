import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CALLS,
  DEFAULT_AJAX_PATH,
  DEFAULT_REST_ROOT,
  ENCODED_CONTACT,
  PAGE_CONTEXT_ELEMENT_ID,
  REST_NAMESPACE,
  ROOT_ELEMENT_ID,
  catalogue,
} from '../src/index.js';

/** The browser half of the project: every page script and component. */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const CLIENT_SOURCES = ['packages/web/src', 'packages/shield/src', 'packages/lightbox/src'];
/** The half that renders the pages: it writes the markup the client reads back. */
const SERVER_SOURCES = ['packages/server/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const wireNames = new Set(
  Object.values(CALLS).flatMap((call) => ('route' in call ? [call.action, call.route] : [call.action])),
);
const endpointPaths = [DEFAULT_AJAX_PATH, DEFAULT_REST_ROOT, REST_NAMESPACE];

/** The ids of the page's two elements: matched as a whole string, an `id="…"` or a `#…` selector. */
const elementIds = [PAGE_CONTEXT_ELEMENT_ID, ROOT_ELEMENT_ID];
const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const spellsId = (literal: string, id: string) =>
  literal === id || new RegExp(`\\bid=\\\\?["']?${escaped(id)}\\b|#${escaped(id)}(?![\\w-])`).test(literal);
/**
 * An encoded contact's attribute, classes and hint (PROTOCOL.md section 4): matched anywhere in a
 * string, so that a modifier class built on one (`apbct-email-encoder--filled`) is built from it too.
 */
const markupNames = Object.values(ENCODED_CONTACT);

/** The page name a string spells by hand, if any. */
const spelledPageName = (literal: string): string | undefined =>
  elementIds.find((id) => spellsId(literal, id)) ?? markupNames.find((name) => literal.includes(name));

/**
 * Every string the file spells: quoted, template and the text between a template's holes; not
 * what its comments say (a comment may name a parameter `root`).
 */
function literals(source: string): string[] {
  return [
    ...source.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g),
  ]
    .filter((match) => !match[0].startsWith('/'))
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

describe('the wire contract, both ends', () => {
  it('gives every call of the catalogue its address from the one table, and the table no stray entry', () => {
    const addressed = new Set(Object.values(CALLS).map((call) => call.action));
    for (const call of catalogue) {
      expect(addressed.has(call.ajax?.action ?? ''), call.name).toBe(true);
      const entry = Object.values(CALLS).find((address) => address.action === call.ajax?.action);
      expect(entry && 'route' in entry ? entry.route : undefined, call.name).toBe(call.rest?.route);
    }
    expect(addressed.size).toBe(catalogue.length);
  });

  it('finds no wire name or endpoint path spelled in a client file', () => {
    const offences: string[] = [];
    for (const root of CLIENT_SOURCES) {
      for (const file of sourceFiles(join(repo, root))) {
        for (const literal of literals(readFileSync(file, 'utf8'))) {
          const spelled =
            [...wireNames].find((name) => literal === name || literal.includes(`action=${name}`)) ??
            endpointPaths.find((path) => literal.includes(path));
          if (spelled) offences.push(`${relative(repo, file)}: ${JSON.stringify(literal)} spells ${spelled}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('finds no page element id or encoded-contact markup name spelled in a client or server file', () => {
    const offences: string[] = [];
    for (const root of [...CLIENT_SOURCES, ...SERVER_SOURCES]) {
      for (const file of sourceFiles(join(repo, root))) {
        for (const literal of literals(readFileSync(file, 'utf8'))) {
          const spelled = spelledPageName(literal);
          if (spelled) offences.push(`${relative(repo, file)}: ${JSON.stringify(literal)} spells ${spelled}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('would notice a client that spells one', () => {
    const sample = `fetch('${DEFAULT_AJAX_PATH}', { body: 'x' }); send("${CALLS.upvote.action}")`;
    expect(literals(sample)).toContain(DEFAULT_AJAX_PATH);
    expect(literals(sample)).toContain(CALLS.upvote.action);
  });

  it('would notice a file that spells a page name', () => {
    const sample = [
      `document.getElementById('${ROOT_ELEMENT_ID}');`,
      `html += \`<script id="${PAGE_CONTEXT_ELEMENT_ID}" type="application/json">\${json}</script>\`;`,
      `out += \`<span class="${ENCODED_CONTACT.blurClassName}">\${blur}</span>\`;`,
      `element.classList.remove('${ENCODED_CONTACT.className}--filled');`,
      `const root = document.querySelector('#${ROOT_ELEMENT_ID}-menu');`,
      `/** The links under \`${ROOT_ELEMENT_ID}\`. */ // or 'in ${ROOT_ELEMENT_ID}': comments, not strings`,
    ].join('\n');
    expect(literals(sample).map(spelledPageName)).toEqual([
      ROOT_ELEMENT_ID,
      PAGE_CONTEXT_ELEMENT_ID,
      ENCODED_CONTACT.blurClassName,
      ENCODED_CONTACT.className,
      undefined,
    ]);
  });
});
