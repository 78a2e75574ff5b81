import { z } from 'zod';

/**
 * Form fields arrive as strings. These helpers turn the protocol's conventions into typed values,
 * so a handler never sees the raw text.
 */

/** A field whose value is an object travels as a JSON string in that one field. */
export function jsonField<T extends z.ZodType>(schema: T) {
  return z
    .union([
      z.string().transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      }),
      // A JSON request body may carry the object itself.
      z.record(z.string(), z.unknown()),
      z.array(z.unknown()),
    ])
    .pipe(schema);
}

/** The largest row id: PostgreSQL's `integer`, which SQLite's rowids are kept within. */
export const MAX_ID = 2_147_483_647;

/**
 * A row id from a request: a whole number 1..MAX_ID, as a number or as plain decimal digits.
 * `" 2 "`, `2e0`, `0x02`, `02` and `2.0` are not ids, whatever `Number()` makes of them.
 */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** A positive integer id, sent as text (or as a number in a JSON body). */
export const idField = z.unknown().transform((value, ctx) => {
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: `must be a whole number from 1 to ${MAX_ID}` });
    return z.NEVER;
  }
  return id;
});

/** 'on'/'off', 'true'/'false', '1'/'0' flags as the page scripts send them. */
export const flagField = z
  .union([z.boolean(), z.enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no', ''])])
  .transform((v) => v === true || v === 'on' || v === 'true' || v === '1' || v === 'yes');

/** A bounded piece of text. */
export const text = (max = 2_000) => z.string().max(max);

/** A list field (`name[]`) may arrive as one value or as several. */
export function listField<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (Array.isArray(value) ? value : [value]), z.array(item));
}

/** An e-mail address a person may leave empty: trimmed, and checked only for its shape. */
export const optionalEmail = z
  .string()
  .trim()
  .max(320)
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'must be an e-mail address')
  .default('');
