import { SHIELD, SIGNAL, ANTISPAM_CALLS } from '@waymark/protocol/plain';
import { botDetectorOn, fns, on } from './config.js';
import type { Scope } from './events.js';
import type { Requester } from './request.js';
import type { Store } from './store.js';

/**
 * The bot detector (*Waymark:* our own endpoint, no third party). Every second it makes sure
 * the page holds an event token: one is used only when it is 64 characters long, and a
 * submission spends it. When the front-end data log is on, its log is written to storage every
 * 1000 ms after a 1000 ms delay.
 */

export const BOT_DETECTOR_CALL = ANTISPAM_CALLS.botDetector;

export interface BotDetector {
  token(): string;
  spend(): void;
}

export function startBotDetector(store: Store, request: Requester, scope: Scope): BotDetector {
  const valid = (token: unknown): token is string =>
    typeof token === 'string' && token.length === SHIELD.eventTokenLength;
  const current = () => {
    const token = store.get(SIGNAL.eventToken);
    return valid(token) ? token : '';
  };
  if (!botDetectorOn()) return { token: () => '', spend() {} };

  const log: { t: number; e: string }[] = [];
  const note = (e: string) => log.length < 50 && log.push({ t: Date.now(), e });
  let pending = false;
  scope.every(SHIELD.eventTokenCheckMs, () => {
    if (pending || current()) return;
    pending = true;
    note('request');
    request(BOT_DETECTOR_CALL, { event_javascript_data: store.snapshot() })
      .then((answer) => {
        const token = (answer as { event_token?: unknown } | null)?.event_token;
        if (!valid(token)) throw new Error('no token');
        store.set(SIGNAL.eventToken, token, SHIELD.botDetectorKeyCookieSeconds);
        note('token');
      })
      .catch(() => note('error'))
      .finally(() => (pending = false));
  });

  if (on(fns().data__frontend_data_log_enabled)) {
    let written = 0;
    scope.after(SHIELD.logCheckDelayMs, () =>
      scope.every(SHIELD.logCheckIntervalMs, () => {
        if (log.length === written) return;
        written = log.length;
        store.set(SIGNAL.botDetectorLog, log.slice());
      }),
    );
  }
  return { token: current, spend: () => store.remove(SIGNAL.eventToken) };
}
