import {
  ANTISPAM_CALLS,
  EVENT_TOKEN_FIELD,
  NO_COOKIE_FIELD,
  NO_COOKIE_PREFIX,
  SHIELD,
  SIGNAL,
  VISIBLE_FIELDS_FIELD,
} from '@waymark/protocol/plain';
import type { Block } from './block.js';
import { startBotDetector } from './bot-detector.js';
import { cookieType, fns, on, pub } from './config.js';
import { base64Json } from './encode.js';
import type { EmailCheckDeps } from './email-check.js';
import { Scope } from './events.js';
import { startForms, takesNoCookieField, visibleFieldsValue } from './forms.js';
import { interceptRequests } from './intercept.js';
import { startPixel } from './pixel.js';
import { createRequester, type CallSpec, type Fields, type Requester } from './request.js';
import { watchBehaviour } from './behaviour.js';
import { recordEnvironment, recordVisit, watchErrors, watchFirsts, watchPointer } from './signals.js';
import { createStore, type Store } from './store.js';
import { recordTells } from './tells.js';
import type { Signals } from './decoder/contacts.js';

export interface ShieldOptions {
  /** Shows a block reply; `stop_script` has already been handled. */
  onBlock?: (block: Block) => void;
  /**
   * The e-mail checks for a newly wired form (`watchEmails`). An option, so the standalone script
   * can fetch them only on sites that turn the checks on.
   */
  watchEmails?: (form: HTMLFormElement, deps: EmailCheckDeps) => void;
}

export interface Shield {
  readonly store: Store;
  readonly request: Requester;
  /** The shield's fields for a form (or for a request without one), fresh. */
  fieldsFor(form?: HTMLFormElement, submitting?: boolean): Record<string, string>;
  /** The bot detector's event token when it holds a valid one, else ''. */
  eventToken(): string;
  /** The visitor's signals for a judged call without a form: the event token and the stored data. */
  signals(): Signals;
  /** Sends a protected form through the request layer with every shield field, and spends the token. */
  submit(call: CallSpec, form: HTMLFormElement, extra?: Fields): Promise<unknown>;
  rescan(): void;
  stop(): void;
}

export const ALT_SESSION_CALL = ANTISPAM_CALLS.altSessions;

/** Starts the whole page layer once for this page. */
export function createShield(options: ShieldOptions = {}): Shield {
  const scope = new Scope();
  const onBlock = (block: Block) => {
    if (block.stopScript) {
      scope.stop();
      globalThis.stop?.();
    }
    options.onBlock?.(block);
  };
  const request = createRequester({ onBlock });
  const store = createStore({
    mode: cookieType(),
    cookiePrefix: fns().cookiePrefix,
    known: Object.values(SIGNAL),
    saveRemote: (cookies) => void request(ALT_SESSION_CALL, { cookies }).catch(() => {}),
  });

  recordVisit(store);
  recordEnvironment(store);
  recordTells(store);
  const flushBehaviour = watchBehaviour(store, scope);
  watchFirsts(store, scope);
  watchPointer(store, scope);
  watchErrors(store, scope);
  const bot = startBotDetector(store, request, scope);

  const fieldsFor = (form?: HTMLFormElement, submitting = false) => {
    flushBehaviour();
    const fields: Record<string, string> = {};
    if (store.mode === 'none' && (!form || takesNoCookieField(form))) {
      const data = { ...store.snapshot(), [SIGNAL.submitTimestamp]: Date.now() };
      fields[NO_COOKIE_FIELD] = NO_COOKIE_PREFIX + base64Json(data);
    } else if (submitting) {
      store.set(SIGNAL.submitTimestamp, Date.now());
    }
    const token = bot.token();
    if (token) fields[EVENT_TOKEN_FIELD] = token;
    if (form) fields[VISIBLE_FIELDS_FIELD] = visibleFieldsValue(form);
    return fields;
  };

  const forms = startForms({
    store,
    scope,
    fieldsFor,
    onSubmit: () => bot.spend(),
    onWire: (form) => options.watchEmails?.(form, { store, scope, request }),
  });
  interceptRequests(
    {
      fields() {
        const fields = fieldsFor(undefined, true);
        if (fields[EVENT_TOKEN_FIELD]) bot.spend();
        return fields;
      },
      onBlock,
    },
    scope,
  );
  void startPixel(store, request);
  if (on(pub().settings__sfw__anti_crawler)) {
    scope.after(SHIELD.antiCrawlerCheckMs, () => store.set(SIGNAL.antiCrawler, 1));
  }

  return {
    store,
    request,
    fieldsFor,
    eventToken: bot.token,
    signals: () => ({ token: bot.token(), data: store.snapshot() }),
    async submit(call, form, extra = {}) {
      const data = new FormData(form);
      const add = extra instanceof FormData ? Object.fromEntries(extra) : extra;
      const shieldFields = fieldsFor(form, true);
      // A token the form still holds from before was spent: sent again it reads as a replay.
      if (!shieldFields[EVENT_TOKEN_FIELD]) data.delete(EVENT_TOKEN_FIELD);
      for (const [name, value] of Object.entries({ ...add, ...shieldFields })) {
        data.set(
          name,
          typeof value === 'object' && !(value instanceof Blob) ? JSON.stringify(value) : (value as string),
        );
      }
      bot.spend();
      return request(call, data);
    },
    rescan: forms.rescan,
    stop: () => scope.stop(),
  };
}
