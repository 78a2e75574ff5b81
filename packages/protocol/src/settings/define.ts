import type { z } from 'zod';

/**
 * A settings object kept in the `settings` table under `key`. Its schema gives every field a
 * default, so `schema.parse({})` is the factory setting and a stored object may hold only the
 * fields an administrator changed.
 */
export interface SettingDef<S extends z.ZodType = z.ZodType> {
  key: string;
  schema: S;
}

export function defineSetting<S extends z.ZodType>(key: string, schema: S): SettingDef<S> {
  return { key, schema };
}

export type SettingValue<D extends SettingDef> = z.output<D['schema']>;
