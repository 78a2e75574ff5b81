import * as protocol from '@waymark/protocol';
import type { SettingDef } from '@waymark/protocol';
import { labelOf } from './form.js';

/** What the page calls each settings object; one not named here is called by its key. */
const LABELS: Record<string, string> = {
  directory: 'Directory',
  map: 'Map',
  lightbox: 'Lightbox',
  live_search: 'Theme: live search',
  shield: 'Spam shield',
  accounts: 'Accounts and mail',
};

const isSettingDef = (value: unknown): value is SettingDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { key?: unknown }).key === 'string' &&
  typeof (value as { schema?: unknown }).schema === 'object' &&
  (value as { schema: object }).schema !== null &&
  '_zod' in (value as { schema: object }).schema;

/**
 * Every settings object the protocol defines, so that a new one (a theme's header or slider)
 * gets its form without a change here. The named ones first, in the order above.
 */
export const SETTINGS_OBJECTS: readonly { def: SettingDef; label: string }[] = (Object.values(protocol) as unknown[])
  .filter(isSettingDef)
  .filter((def, index, all) => all.findIndex((other) => other.key === def.key) === index)
  .map((def) => ({ def, label: LABELS[def.key] ?? labelOf(def.key) }))
  .sort((a, b) => rank(a.def.key) - rank(b.def.key) || a.label.localeCompare(b.label));

function rank(key: string): number {
  const at = Object.keys(LABELS).indexOf(key);
  return at === -1 ? Object.keys(LABELS).length : at;
}

export const settingsObject = (key: string) => SETTINGS_OBJECTS.find((object) => object.def.key === key) ?? null;
