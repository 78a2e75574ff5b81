import type { SharedState } from '../shared-state/shared-state.js';

/**
 * Remembers `value` in a list of what came lately (shared by every instance), tagged with who
 * sent it, and answers the earlier values that other senders brought. A sender's own value
 * comes again honestly: a form sent again after a puzzle or an error carries the same text and
 * the session's summary.
 */
export async function recentFromOthers(
  state: SharedState,
  key: string,
  { sender, value, keep, ttlSeconds }: { sender: string; value: string; keep: number; ttlSeconds: number },
): Promise<string[]> {
  const tag = sender.slice(0, 12);
  const before = await state.recall(key, `${tag}|${value}`, keep, ttlSeconds);
  return before.flatMap((entry) => {
    const bar = entry.indexOf('|');
    return entry.slice(0, bar) === tag ? [] : [entry.slice(bar + 1)];
  });
}
