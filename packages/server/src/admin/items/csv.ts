import type { AdminItemValues, ImportProblem } from '@waymark/protocol';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { checkItem, itemValues, type CheckedItem } from './values.js';

/** The CSV's columns: the item form's fields, in its order (`list` is the list's id). */
export const CSV_COLUMNS = [
  'list',
  'title',
  'subtitle',
  'address',
  'lat',
  'lon',
  'locality',
  'phone',
  'hours',
  'url',
  'tags',
  'paid',
  'featured',
  'marker',
  'ownerEmail',
  'description',
  'image',
  'imageAlt',
] as const satisfies readonly (keyof AdminItemValues)[];

export const MAX_IMPORT_ROWS = 20_000;

/** The header line, then one line per item. */
export function csvHeader(): string {
  return stringify([[...CSV_COLUMNS]]);
}

/**
 * One item as a CSV line. A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
 * tab, carriage return first) is written with a leading apostrophe, which the import takes off.
 */
export function csvLine(values: AdminItemValues): string {
  return stringify([
    CSV_COLUMNS.map((column) => {
      const cell = values[column];
      const value = typeof cell === 'boolean' ? (cell ? '1' : '0') : cell;
      return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
    }),
  ]);
}

export type ParsedImport =
  { ok: true; rows: number; items: CheckedItem[]; problems: ImportProblem[] } | { ok: false; message: string };

/**
 * Reads and checks every row. Row numbers are the file's line numbers as a spreadsheet shows
 * them (the header is row 1), so a reported row is found where it was written.
 */
export function parseImport(text: string, listIds: ReadonlySet<number>): ParsedImport {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch (error) {
    return { ok: false, message: `The file is not CSV this site can read: ${(error as Error).message}` };
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, message: 'The file is empty.' };
  const names = header.map((name) => name.trim());
  const unknown = names.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) return { ok: false, message: `Unknown columns: ${unknown.join(', ')}.` };
  if (!names.includes('title') || !names.includes('list')) {
    return { ok: false, message: 'The file needs at least the columns list and title.' };
  }
  if (body.length > MAX_IMPORT_ROWS) {
    return { ok: false, message: `At most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows at once.` };
  }
  const items: CheckedItem[] = [];
  const problems: ImportProblem[] = [];
  body.forEach((record, index) => {
    const row = index + 2;
    if (record.length > names.length) {
      problems.push({ row, reason: `${record.length} cells where the header has ${names.length}.` });
      return;
    }
    const fields = Object.fromEntries(
      names.map((name, i) => [name, (record[i] ?? '').replace(/^'(?=[=+\-@\t\r])/, '')]),
    );
    const checked = checkItem(itemValues(fields));
    if (!checked.ok) {
      problems.push({
        row,
        reason: Object.entries(checked.errors)
          .map(([f, m]) => `${f}: ${m}`)
          .join(' '),
      });
    } else if (!listIds.has(checked.item.listId)) {
      problems.push({ row, reason: `list: there is no list ${checked.item.listId}.` });
    } else {
      items.push(checked.item);
    }
  });
  return { ok: true, rows: body.length, items, problems };
}
