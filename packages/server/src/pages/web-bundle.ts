import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '@waymark/web';

export interface WebBundle {
  render: RenderPage;
  scripts: string[];
  styles: string[];
  clientDir: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

/** Loads the site's server bundle and the client entry's files from Vite's build output. */
export async function loadWebBundle(distDir: string): Promise<WebBundle> {
  const clientDir = path.join(distDir, 'client');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const serverEntry = path.join(distDir, 'server', 'entry-server.js');
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    throw new Error(`The site is not built (no ${manifestPath}). Run \`npm run build\` first.`);
  }
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`No entry chunk in ${manifestPath}`);
  const module = (await import(pathToFileURL(serverEntry).href)) as { render: RenderPage };
  return {
    render: module.render,
    scripts: [`/${entry.file}`],
    styles: (entry.css ?? []).map((file) => `/${file}`),
    clientDir,
  };
}
