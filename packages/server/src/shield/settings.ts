import { shieldSettings, type ShieldSettings } from '@waymark/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../db/connect.js';
import { readSetting } from '../settings/store.js';

/**
 * The shield settings, read on every page and every protected submission: kept in memory and
 * read again from the settings table at most every few seconds, so that an administrator's
 * change reaches every instance soon without a query per request.
 */
export const SETTINGS_REFRESH_MS = 5_000;

export function shieldSettingsCache(storage: Storage, log: FastifyBaseLogger) {
  let value: ShieldSettings = shieldSettings.schema.parse({});
  let readAt = 0;
  let reading: Promise<void> | null = null;

  const reload = async () => {
    value = await readSetting(storage, shieldSettings, (message) => log.warn(message));
    readAt = Date.now();
  };
  return {
    current: () => value,
    reload,
    /**
     * Reads again when the copy is old, and gives back the read to wait for (nothing when the
     * copy is fresh: a request then waits for no promise); concurrent callers share one read.
     */
    fresh(): Promise<void> | undefined {
      if (Date.now() - readAt < SETTINGS_REFRESH_MS) return undefined;
      reading ??= reload().finally(() => (reading = null));
      return reading;
    },
  };
}
