import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web's features, read from the tree so that a new feature is zoned as soon as it exists. */
const WEB = 'packages/web/src';
const webSource = fileURLToPath(new URL(`./${WEB}`, import.meta.url));
const features = readdirSync(`${webSource}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What composes the features: the app and the entry files (shared/ imports no feature at all). */
const webComposers = readdirSync(webSource)
  .filter((name) => name !== 'features' && name !== 'shared')
  .map((name) => `./${name}`);

/** The server's floors: infrastructure below, one folder per feature above it, then the dispatcher and the app. */
const SERVER = 'packages/server/src';
const serverSource = fileURLToPath(new URL(`./${SERVER}`, import.meta.url));
const SERVER_INFRASTRUCTURE = ['db', 'plugins', 'settings', 'shared-state', 'content'];
const SERVER_ABOVE_FEATURES = ['dispatch', 'calls'];
const serverFeatures = readdirSync(serverSource, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => !SERVER_INFRASTRUCTURE.includes(name) && !SERVER_ABOVE_FEATURES.includes(name));

/**
 * The demo sits above the product: it imports the server and is composed with it where the
 * program starts (packages/demo/src/main.ts). No product package imports it, by name or by path.
 */
const NO_DEMO = {
  paths: [
    {
      name: '@waymark/demo',
      message:
        'The product never imports the demo: the program (packages/demo/src/main.ts) gives its parts to the server.',
    },
  ],
  patterns: [
    {
      group: ['@waymark/demo/*', '**/demo/src', '**/demo/src/**'],
      message:
        'The product never imports the demo: the program (packages/demo/src/main.ts) gives its parts to the server.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'bench/results.json',
      'e2e/artifacts/**',
      '.helper-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: [
      'packages/web/src/**/*.{ts,tsx}',
      'packages/shield/src/**/*.{ts,tsx}',
      'packages/lightbox/src/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Imports resolve as TypeScript resolves them: workspace packages through their exports,
    // `.js` specifiers to the `.ts` files beside them.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'packages/*/tsconfig.json', noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // No import cycles inside a package (DESIGN.md, "Shape": lint forbids them).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The web's zones (DESIGN.md, "Shape"): the app composes features; features do not import
    // each other or the app; shared/ serves them all and imports neither.
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: webSource,
          zones: [
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in src/app.',
            })),
            {
              target: './features',
              from: './app',
              message: 'Features do not import the app: the app composes them.',
            },
            // The app and the entry files reach a feature only through its face, its index.ts, as
            // the server's features reach each other (the bundler takes a face as free of side
            // effects, packages/web/vite.config.ts, so a route's chunk keeps only what it uses).
            ...features.map((feature) => ({
              target: webComposers,
              from: `./features/${feature}`,
              except: ['./index.ts'],
              message:
                'Outside a feature, import it from its face, features/<feature>/index.js: export there what the app uses.',
            })),
            {
              target: './shared',
              from: ['./features', './app'],
              message: 'shared/ serves the features and the app and imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    // A web feature's face only re-exports: the bundler is told it has no side effects of its
    // own (packages/web/vite.config.ts), which holds only while it has no statement of its own.
    files: [`${WEB}/features/*/index.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ExportNamedDeclaration[source], ExportAllDeclaration)',
          message:
            "A feature's face only re-exports (`export { … } from './….js'`): write the code in a module of its own.",
        },
      ],
    },
  },
  {
    // The server's zones (DESIGN.md, "Shape"): infrastructure imports no feature and nothing
    // above it; a feature reaches another only through that feature's face, its index.ts.
    files: [`${SERVER}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: serverSource,
          zones: [
            {
              target: SERVER_INFRASTRUCTURE.map((dir) => `./${dir}`),
              from: [...serverFeatures, ...SERVER_ABOVE_FEATURES, 'app.ts'].map((dir) => `./${dir}`),
              message: 'Infrastructure imports no feature: features build on it.',
            },
            ...serverFeatures.map((feature) => ({
              target: `./${feature}`,
              from: serverFeatures.filter((other) => other !== feature).map((other) => `./${other}`),
              except: ['./index.ts'],
              message: "A feature reaches another only through that feature's index.ts.",
            })),
            {
              target: serverFeatures.map((feature) => `./${feature}`),
              from: [...SERVER_ABOVE_FEATURES, 'app.ts'].map((dir) => `./${dir}`),
              message: 'Features do not import the dispatcher or the app: the app composes them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Nothing of the product imports the demo (DESIGN.md, "Shape"; docs/decisions/019-demo-package.md).
    // A server test helper may: it composes the demo as the program does.
    files: [
      'packages/{server,protocol,web,shield,lightbox}/src/**/*.{ts,tsx}',
      'packages/{protocol,web,shield,lightbox}/test/**/*.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': ['error', NO_DEMO] },
  },
  {
    // The server knows the site only as its built bundle, loaded in one place: the page
    // contract it renders into pages is the protocol's (DESIGN.md, "Shape").
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/plugins/web-bundle.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@waymark/web',
              message: 'The page contract is in @waymark/protocol; only plugins/web-bundle.ts loads the site.',
            },
            ...NO_DEMO.paths,
          ],
          patterns: NO_DEMO.patterns,
        },
      ],
    },
  },
);
