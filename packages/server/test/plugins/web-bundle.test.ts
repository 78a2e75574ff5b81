import { describe, expect, it } from 'vitest';
import { pageAssets } from '../../src/plugins/web-bundle.js';

/** A manifest as Vite writes it for a client split by route (keys are source files or `_chunk`s). */
const MANIFEST = {
  'src/entry-client.tsx': {
    file: 'assets/entry-client-e1.js',
    isEntry: true,
    imports: ['_react-r1.js', '_runtime-x1.js'],
    dynamicImports: ['src/app/routes/home.tsx', 'src/app/routes/gallery.tsx'],
    css: ['assets/entry-client-c1.css'],
  },
  '_react-r1.js': { file: 'assets/react-r1.js', imports: ['_runtime-x1.js'] },
  '_runtime-x1.js': { file: 'assets/runtime-x1.js' },
  '_shared-s1.js': {
    file: 'assets/shared-s1.js',
    imports: ['src/entry-client.tsx', '_react-r1.js'],
    css: ['assets/shared-c1.css'],
  },
  'src/app/routes/home.tsx': {
    file: 'assets/home-h1.js',
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx', '_react-r1.js', '_shared-s1.js'],
    css: ['assets/directory-d1.css'],
  },
  'src/app/routes/gallery.tsx': {
    file: 'assets/gallery-g1.js',
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx', '_react-r1.js'],
    dynamicImports: ['_viewer-v1.js'],
    css: ['assets/gallery-c1.css'],
  },
  '_viewer-v1.js': { file: 'assets/viewer-v1.js', isDynamicEntry: true, css: ['assets/viewer-c1.css'] },
};

describe('a page’s files from the manifest', () => {
  it('names the entry, preloads what it and the page’s route import, and links their styles in order', () => {
    expect(pageAssets(MANIFEST, 'src/entry-client.tsx', 'src/app/routes/home.tsx')).toEqual({
      scripts: ['/assets/entry-client-e1.js'],
      preloads: ['/assets/runtime-x1.js', '/assets/react-r1.js', '/assets/shared-s1.js', '/assets/home-h1.js'],
      styles: ['/assets/entry-client-c1.css', '/assets/shared-c1.css', '/assets/directory-d1.css'],
    });
  });

  it('leaves out other routes and what is only loaded later', () => {
    const gallery = pageAssets(MANIFEST, 'src/entry-client.tsx', 'src/app/routes/gallery.tsx');
    expect(gallery.preloads).toEqual(['/assets/runtime-x1.js', '/assets/react-r1.js', '/assets/gallery-g1.js']);
    expect(gallery.styles).toEqual(['/assets/entry-client-c1.css', '/assets/gallery-c1.css']);
  });

  it('gives a page type without a route chunk the entry alone', () => {
    expect(pageAssets(MANIFEST, 'src/entry-client.tsx', null)).toEqual({
      scripts: ['/assets/entry-client-e1.js'],
      preloads: ['/assets/runtime-x1.js', '/assets/react-r1.js'],
      styles: ['/assets/entry-client-c1.css'],
    });
  });
});
