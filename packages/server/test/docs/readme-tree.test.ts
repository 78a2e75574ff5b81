import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README against the tree: its "Where things live" table names every folder it should and
 * no folder that is gone, its dependency table has a line for every dependency of every
 * package.json, and its links to the decision records resolve, every record linked.
 */

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const README = 'README.md';
const DECISIONS = 'docs/decisions';
const readme = readFileSync(path.join(repo, README), 'utf8');

const isFolder = (relative: string) =>
  existsSync(path.join(repo, relative)) && statSync(path.join(repo, relative)).isDirectory();
const foldersIn = (relative: string) =>
  readdirSync(path.join(repo, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${relative}/${entry.name}/`);

/** The lines under a heading, up to the next heading of its level or above. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`${README} has no heading "${heading}"`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** The body rows of the first table in `lines`, each as its cells. */
function firstTable(lines: string[], heading: string): string[][] {
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start === -1) throw new Error(`${README}'s "${heading}" has no table`);
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start + 2, end === -1 ? undefined : end).map((line) =>
    line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((cell) => cell.trim()),
  );
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

/** A list of what is wrong, one line each, for the failure message. */
const report = (what: string, wrong: string[]) => `${what}:\n  ${wrong.join('\n  ')}\n`;

describe("the README's tree", () => {
  const heading = '### Where things live';
  const rows = firstTable(section(readme, heading), heading);

  /** The folders the table must name: the top of every package's src, and every web feature. */
  const packages = readdirSync(path.join(repo, 'packages')).filter((name) => isFolder(`packages/${name}/src`));
  const tree = [
    ...packages.flatMap((name) => foldersIn(`packages/${name}/src`)),
    ...foldersIn('packages/web/src/features'),
  ].sort();

  it('names one folder in the first cell of every row', () => {
    const odd = rows.filter(([first = '']) => !/^`[^`]+\/`$/.test(first)).map((cells) => `| ${cells.join(' | ')} |`);
    expect(odd, report(`rows of "${heading}" whose first cell is not one \`folder/\``, odd)).toEqual([]);
  });

  const listed = rows.map(([first = '']) => codeSpans(first)[0] ?? first);

  it('names only folders that exist', () => {
    const gone = listed.filter((folder) => !isFolder(folder));
    expect(gone, report(`folders "${heading}" names that do not exist`, gone)).toEqual([]);
  });

  it('names every folder of the tree, once', () => {
    const missing = tree.filter((folder) => !listed.includes(folder));
    expect(missing, report(`folders with no row in "${heading}"`, missing)).toEqual([]);
    const twice = listed.filter((folder, index) => listed.indexOf(folder) !== index);
    expect(twice, report(`folders with more than one row in "${heading}"`, twice)).toEqual([]);
  });
});

describe("the README's dependency table", () => {
  const heading = '### Why each dependency';
  const listed = new Set(firstTable(section(readme, heading), heading).flatMap(([first = '']) => codeSpans(first)));

  const root = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { workspaces?: string[] };
  const manifests = ['package.json', ...(root.workspaces ?? []).map((workspace) => `${workspace}/package.json`)];
  /** Every dependency name, with the package.json files that have it. */
  const dependencies = new Map<string, string[]>();
  for (const manifest of manifests) {
    const json = JSON.parse(readFileSync(path.join(repo, manifest), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const name of Object.keys((json[field] as Record<string, string> | undefined) ?? {})) {
        if (name.startsWith('@waymark/')) continue;
        dependencies.set(name, [...(dependencies.get(name) ?? []), manifest]);
      }
    }
  }

  it('reads the dependencies of every workspace', () => {
    expect(manifests.length).toBeGreaterThan(5);
    expect(dependencies.size).toBeGreaterThan(50);
  });

  it('has a line for every dependency of every package.json', () => {
    const missing = [...dependencies]
      .filter(([name]) => !listed.has(name))
      .map(([name, files]) => `${name} (${[...new Set(files)].join(', ')})`);
    expect(missing, report(`dependencies with no \`name\` in "${heading}"`, missing)).toEqual([]);
  });

  it('names no package that no package.json depends on', () => {
    const stray = [...listed].filter((name) => !dependencies.has(name));
    expect(stray, report(`names in "${heading}" that no package.json depends on`, stray)).toEqual([]);
  });
});

describe("the README's decision records", () => {
  const links = [...readme.matchAll(/\]\((docs\/decisions\/[^)\s#]*)(?:#[^)\s]*)?\)/g)].map((match) => match[1] ?? '');
  const records = readdirSync(path.join(repo, DECISIONS))
    .filter((name) => name.endsWith('.md'))
    .sort();

  it('links only records that exist', () => {
    const broken = [...new Set(links)].filter((link) => !existsSync(path.join(repo, link)));
    expect(broken, report(`links in ${README} to records that do not exist`, broken)).toEqual([]);
  });

  it('links every record', () => {
    const unlinked = records.map((name) => `${DECISIONS}/${name}`).filter((record) => !links.includes(record));
    expect(unlinked, report(`records ${README} does not link`, unlinked)).toEqual([]);
  });

  it('numbers the records 001, 002, … and gives each a title, a status, context, decision and consequences', () => {
    const wrong = records.flatMap((name, index) => {
      const number = String(index + 1).padStart(3, '0');
      const text = readFileSync(path.join(repo, DECISIONS, name), 'utf8');
      const problems = [
        ...(new RegExp(`^${number}-[a-z0-9-]+\\.md$`).test(name) ? [] : [`should be numbered ${number}`]),
        ...(/^# \S/.test(text) ? [] : ['no title on its first line']),
        ...(/^Status: \S/m.test(text) ? [] : ['no "Status:" line']),
        ...['## Context', '## Decision', '## Consequences'].filter((part) => !text.split('\n').includes(part)),
      ];
      return problems.map((problem) => `${DECISIONS}/${name}: ${problem}`);
    });
    expect(wrong, report('records out of shape', wrong)).toEqual([]);
  });
});
