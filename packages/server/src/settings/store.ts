import type { SettingDef, SettingValue } from '@waymark/protocol';
import type { Storage } from '../db/connect.js';

/**
 * Reads and writes the settings objects of the `settings` table. A stored object that no
 * longer fits its schema (an older version, a hand edit) falls back to the defaults for the
 * fields that do not fit, never to an error page.
 */
export async function readSetting<D extends SettingDef>(
  { db }: Storage,
  def: D,
  onInvalid: (message: string) => void = () => {},
): Promise<SettingValue<D>> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', def.key).executeTakeFirst();
  const stored = row ? safeJson(row.value) : {};
  const parsed = def.schema.safeParse(stored);
  if (parsed.success) return parsed.data as SettingValue<D>;
  onInvalid(
    `Setting ${def.key} does not fit its schema; using defaults for the fields that do not: ${parsed.error.message}`,
  );
  const valid = Object.fromEntries(
    Object.entries(isObject(stored) ? stored : {}).filter(
      ([field, value]) => def.schema.safeParse({ [field]: value }).success,
    ),
  );
  return def.schema.parse(valid) as SettingValue<D>;
}

/** Validates and stores a whole settings object; throws the schema's error on a bad value. */
export async function writeSetting<D extends SettingDef>(
  { db }: Storage,
  def: D,
  value: unknown,
): Promise<SettingValue<D>> {
  const parsed = def.schema.parse(value) as SettingValue<D>;
  const row = { key: def.key, value: JSON.stringify(parsed), updated_at: new Date().toISOString() };
  await db
    .insertInto('settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
  return parsed;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
