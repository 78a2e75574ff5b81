import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData } from '@waymark/protocol';
import { routeFile, type RenderPage } from '@waymark/web';

/** What one page type's document names: its module script, the modules to preload, its styles. */
export interface PageAssets {
  /** The entry, as `<script type="module">`. */
  scripts: string[];
  /** Every other module the entry and the page's route import before the page can hydrate. */
  preloads: string[];
  /** The styles of the entry and of the page's route, in the order they apply. */
  styles: string[];
}

export interface WebBundle {
  render: RenderPage;
  /** The files of one page type (`data.page`): the entry's and its own route's, nothing else. */
  assets(page: PageData['page']): PageAssets;
  clientDir: string;
}

/** One chunk of Vite's `.vite/manifest.json`; `imports` are keys of other chunks. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  /** Loaded later, when the page asks: never named in the document. */
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** Loads the site's server bundle and, from Vite's manifest, each page type's client files. */
export async function loadWebBundle(distDir: string): Promise<WebBundle> {
  const clientDir = path.join(distDir, 'client');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const serverEntry = path.join(distDir, 'server', 'entry-server.js');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  } catch {
    throw new Error(`The site is not built (no ${manifestPath}). Run \`npm run build\` first.`);
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`No entry chunk in ${manifestPath}`);
  const module = (await import(pathToFileURL(serverEntry).href)) as { render: RenderPage };

  const byPage = new Map<string, PageAssets>();
  return {
    render: module.render,
    assets(page) {
      let assets = byPage.get(page);
      if (!assets) {
        // A page type without a route chunk (an older build) still gets the entry, which
        // loads the route itself.
        const route = routeFile(page);
        assets = pageAssets(manifest, entry, manifest[route] ? route : null);
        byPage.set(page, assets);
      }
      return assets;
    },
    clientDir,
  };
}

/**
 * The entry and the route chunk with every chunk they import statically, each once: the
 * entry is the page's one module script, the others are preloaded so the browser fetches them
 * at once instead of one import level after another, and their styles are linked so the page
 * is styled from its first paint. A chunk's styles follow those of the chunks it imports, as
 * Vite orders them.
 */
export function pageAssets(manifest: Manifest, entry: string, route: string | null): PageAssets {
  const seen = new Set<string>();
  const files: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
  };
  visit(entry);
  if (route) visit(route);
  const entryFile = `/${manifest[entry]?.file ?? ''}`;
  return {
    scripts: [entryFile],
    preloads: files.map((file) => `/${file}`).filter((file) => file !== entryFile),
    styles: styles.map((file) => `/${file}`),
  };
}
