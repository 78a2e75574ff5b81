// The zod-free entry: the main one would carry the schema library into every page's bundle.
import { SHIELD, type DecoderTextKey } from '@waymark/protocol/plain';
import { fns, str } from '../config.js';
import { Scope } from '../events.js';
import { RequestError } from '../request.js';
import {
  ENCODED_SELECTOR,
  decodeFields,
  encodedOf,
  fillElements,
  makeOperable,
  readAnswer,
  settleElements,
  shown,
  type Outcome,
  type Signals,
} from './contacts.js';

/**
 * The decoder popup's behaviour (spec sections 2 and 4), whatever draws it: a click, Enter or
 * Space on any encoded contact asks the server for every encoded string of the page at once and
 * shows the waiting text; 3 s after the answer the decoded value with a "got it" button that fills
 * the page (the text turns plain 2 s later). Refused or failed: the server's reason for 3 s, then
 * the popup hides and clicks work again. The React popup and the page script's `<dialog>` both
 * draw the views this controller hands them.
 */

/** What the popup shows: nothing (closed), the waiting text, or an outcome. */
export type DecoderView = null | 'waiting' | Outcome;

export interface DecoderOptions {
  /** The decode call through the shield's request layer: resolves with the answer body or throws. */
  request: (fields: Record<string, string>) => Promise<unknown>;
  /** The visitor's signals at the moment of the click. */
  signals: () => Signals;
}

export interface Decoder {
  /** Decodes for this encoded element; ignored while the popup is open. */
  open(element: HTMLElement): Promise<void>;
  /** Fills the page with the decoded values and closes; the values turn plain 2 s later. */
  gotIt(): void;
  /** The visitor dismissed the popup. */
  close(): void;
  stop(): void;
}

/**
 * A text of the popup, from the page configuration, which always carries them (PROTOCOL.md
 * section 2; the spec: "all these texts come from the server configuration"). The page script
 * carries no second copy of the defaults: its budget has no room for one.
 */
export const decoderText = (key: DecoderTextKey): string => str(fns()[key]);

/** What the popup says for an outcome: the decoded value, or the failure's text and the reason. */
export const outcomeText = (outcome: Outcome): string =>
  outcome.kind === 'decoded'
    ? shown(outcome.value)
    : decoderText(`text__ee_${outcome.kind}`) + (outcome.comment && ` ${outcome.comment}`);

function failure(error: unknown): Outcome {
  const known = error instanceof RequestError;
  if (known && error.block) return { kind: 'blocked', comment: error.block.comment };
  return {
    // An answer that arrived but said `error` is the server declining, not the network failing.
    kind: known && error.status > 199 && error.status < 300 ? 'cannot_decode' : 'cannot_connect',
    comment: error instanceof Error ? error.message : '',
  };
}

/** Makes the page's encoded contacts operable and calls `onView` with every change of the popup. */
export function startDecoder(options: DecoderOptions, onView: (view: DecoderView) => void): Decoder {
  const scope = new Scope();
  // The open popup's timers; a new one for each popup, so an answer for a closed one is dropped.
  let popup = new Scope();
  let view: DecoderView = null;
  let origin: HTMLElement | null = null;

  const show = (next: DecoderView) => onView((view = next));
  // Closing gives focus back to the contact that opened the popup.
  const reset = () => {
    popup.stop();
    popup = new Scope();
    show(null);
    origin?.focus();
  };

  async function open(element: HTMLElement) {
    if (view) return;
    origin = element;
    const mine = popup;
    show('waiting');
    let outcome: Outcome;
    try {
      const fields = decodeFields(options.signals(), encodedOf(element));
      outcome = readAnswer(await options.request(fields), encodedOf(element));
    } catch (error) {
      outcome = failure(error);
    }
    if (mine !== popup) return;
    const decoded = outcome.kind === 'decoded';
    if (!decoded) show(outcome);
    mine.after(decoded ? SHIELD.decodePopupDelayMs : SHIELD.decodeErrorHideMs, () =>
      decoded ? show(outcome) : reset(),
    );
  }

  makeOperable();
  // Contacts rendered later (a popup's HTML, a filtered list) become operable too.
  const observer = new MutationObserver(makeOperable);
  observer.observe(document.body, { childList: true, subtree: true });
  scope.add(() => observer.disconnect());
  scope.listen(
    document,
    ['click', 'keydown'],
    (event) => {
      const element = event.target instanceof Element ? event.target.closest<HTMLElement>(ENCODED_SELECTOR) : null;
      const key = (event as KeyboardEvent).key;
      if (!element || (event.type === 'keydown' && ((key !== 'Enter' && key !== ' ') || element !== event.target))) {
        return;
      }
      // The masked mailto:/tel: link leads nowhere useful.
      event.preventDefault();
      void open(element);
    },
    false,
    false,
  );

  return {
    open,
    gotIt() {
      // Waiting has no kind.
      const outcome = view as Outcome | null;
      if (outcome?.kind !== 'decoded') return;
      const filled = fillElements(outcome.items);
      reset();
      // Not a popup timer: closing a later popup does not keep these contacts encoded.
      scope.after(SHIELD.decodeFillDelayMs, () => settleElements(filled));
    },
    close() {
      if (view) reset();
    },
    stop() {
      scope.stop();
      popup.stop();
    },
  };
}
