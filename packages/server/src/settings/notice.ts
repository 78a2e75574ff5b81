import type { SharedState } from '../shared-state/shared-state.js';

/**
 * Settings-change notices between server instances: a writer raises one shared counter (in
 * Redis when configured, else in this process), and every instance that keeps settings in
 * memory reads it again when the counter moved. Settings read from the table on each request
 * need no notice; this is for the copies kept in memory (the shield's).
 */
const VERSION_KEY = 'settings:version';

/** Tells every instance that a settings object changed. */
export async function noticeSettingsChange(state: SharedState): Promise<void> {
  await state.increment(VERSION_KEY);
}

/**
 * A check to run before a request: calls `onChange` once the counter moved since the last
 * check. Checks at most every `everyMs`, so a busy instance asks the shared store a few times a
 * second, not once per request. A store that does not answer leaves things as they were.
 */
export function settingsChangeWatcher(state: SharedState, onChange: () => Promise<void>, everyMs = 250) {
  let seen: number | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;
  const check = async () => {
    const version = await state.get(VERSION_KEY);
    if (seen !== null && version !== seen) await onChange();
    seen = version;
  };
  // Gives back the check to wait for, or nothing between checks (no promise for most requests).
  return (): Promise<void> | undefined => {
    const now = Date.now();
    if (now - checkedAt < everyMs) return undefined;
    checkedAt = now;
    checking ??= check()
      .catch(() => {})
      .finally(() => (checking = null));
    return checking;
  };
}
