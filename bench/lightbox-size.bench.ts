import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './run.js';

/**
 * DESIGN.md budget: "lightbox: at most 15 KB gzipped without React, loaded on first open". Reads
 * the site's client build (`npm run bench` builds first) and sums, for each lazily loaded part
 * of `packages/lightbox`, the chunks and styles its first open downloads: everything its dynamic
 * entry reaches through static imports, less what the page has already loaded (React lives
 * there). The sanitizer, loaded only when the first ajax answer arrives, is reported apart.
 */

const BUDGET_BYTES = 15 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const client = path.resolve(here, '../packages/web/dist/client');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

function readManifest(): Record<string, Chunk> {
  try {
    return JSON.parse(readFileSync(path.join(client, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  } catch {
    throw new Error('The site is not built: run `npm run build` first.');
  }
}

/** The chunk keys `key` loads statically, itself included. */
function closure(manifest: Record<string, Chunk>, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, into);
  return into;
}

const gzipped = (file: string) => gzipSync(readFileSync(path.join(client, file))).length;

function measure(manifest: Record<string, Chunk>, key: string, loaded: Set<string>) {
  const keys = [...closure(manifest, key)].filter((k) => !loaded.has(k));
  const files = keys.flatMap((k) => [manifest[k]?.file ?? '', ...(manifest[k]?.css ?? [])]).filter(Boolean);
  const sizes = Object.fromEntries(files.map((file) => [path.basename(file), gzipped(file)]));
  const js = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0);
  const css = files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipped(f), 0);
  const react = files
    .filter((f) => f.endsWith('.js'))
    .some((f) => readFileSync(path.join(client, f), 'utf8').includes('react.transitional.element'));
  return { gzipBytes: js + css, jsGzipBytes: js, cssGzipBytes: css, files: sizes, containsReact: react };
}

export async function run(): Promise<BenchResult[]> {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('No entry chunk in the manifest');
  const loaded = closure(manifest, entry);
  const find = (suffix: string) => {
    const key = Object.keys(manifest).find((k) => manifest[k]?.isDynamicEntry && k.endsWith(suffix));
    if (!key) throw new Error(`No lazily loaded chunk for ${suffix} in the build`);
    return key;
  };

  const parts = [
    { name: 'site lightbox, first open', key: find('lightbox/src/viewer/Viewer.tsx') },
    { name: 'directory popup, first open', key: find('lightbox/src/popup/Popup.tsx') },
  ];
  const results: BenchResult[] = parts.map(({ name, key }) => {
    const figures = measure(manifest, key, loaded);
    return {
      name: `lightbox size: ${name}`,
      budget: '≤ 15 KB gzipped without React, loaded on first open',
      withinBudget: figures.gzipBytes <= BUDGET_BYTES && !figures.containsReact,
      figures,
    };
  });
  const sanitizer = measure(manifest, find('dompurify/dist/purify.es.mjs'), loaded);
  results.push({
    name: 'lightbox size: HTML sanitizer, on the first ajax answer',
    budget: 'not part of first open',
    withinBudget: null,
    figures: { gzipBytes: sanitizer.gzipBytes, files: sanitizer.files },
  });
  return results;
}
