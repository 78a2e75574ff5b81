import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CALLS, DEFAULT_AJAX_PATH, DEFAULT_REST_ROOT, REST_NAMESPACE, catalogue } from '../src/index.js';

/** The browser half of the project: every page script and component. */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const CLIENT_SOURCES = ['packages/web/src', 'packages/shield/src', 'packages/lightbox/src'];

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

/** Every string the file spells: quoted, template and the text between a template's holes. */
function literals(source: string): string[] {
  return [...source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
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

  it('would notice a client that spells one', () => {
    const sample = `fetch('${DEFAULT_AJAX_PATH}', { body: 'x' }); send("${CALLS.upvote.action}")`;
    expect(literals(sample)).toContain(DEFAULT_AJAX_PATH);
    expect(literals(sample)).toContain(CALLS.upvote.action);
  });
});
