import * as Dialog from '@radix-ui/react-dialog';
// The zod-free entry: the main one would carry the schema library into every page's bundle.
import { DEFAULT_DECODER_TEXTS, SHIELD, type DecoderTextKey } from '@waymark/protocol/plain';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { fns } from '../../core/config.js';
import { RequestError } from '../../core/request.js';
import {
  ENCODED_SELECTOR,
  decodeFields,
  encodedElements,
  encodedOf,
  fillElements,
  makeOperable,
  readAnswer,
  settleElements,
  type Outcome,
  type Signals,
} from './contacts.js';
import './decoder.css';

/**
 * The decoder popup (spec sections 2 and 4): a click, Enter or Space on any encoded contact asks
 * the server for every encoded string of the page at once, shows the waiting text, and 3 s later
 * the decoded value with a "got it" button that fills the page (the text turns plain 2 s later).
 * Refused or failed: the server's reason for 3 s, then the popup hides and clicks work again.
 * Non-modal: the page stays usable, and the popup takes focus so a keyboard user can answer it.
 */

type TextKey = DecoderTextKey;
const text = (key: TextKey): string => {
  const value = fns()[key];
  return typeof value === 'string' && value !== '' ? value : DEFAULT_DECODER_TEXTS[key];
};

export interface DecoderPopupProps {
  /** The decode call through the shield's request layer: resolves with the answer body or throws. */
  request: (fields: Record<string, string>) => Promise<unknown>;
  /** The visitor's signals at the moment of the click. */
  signals: () => Signals;
}

type View = { phase: 'closed' } | { phase: 'waiting' } | { phase: 'shown'; outcome: Outcome };

function failure(error: unknown): Outcome {
  if (error instanceof RequestError && error.block) return { kind: 'blocked', comment: error.block.comment };
  // An answer that arrived but said `error` is the server declining, not the network failing.
  if (error instanceof RequestError && error.status >= 200 && error.status < 300) {
    return { kind: 'cannot-decode', comment: error.message };
  }
  return { kind: 'cannot-connect', comment: error instanceof Error ? error.message : '' };
}

const FAILURE_TEXT: Record<Exclude<Outcome['kind'], 'decoded'>, TextKey> = {
  blocked: 'text__ee_blocked',
  'cannot-connect': 'text__ee_cannot_connect',
  'cannot-decode': 'text__ee_cannot_decode',
};

export function DecoderPopup({ request, signals }: DecoderPopupProps) {
  const [view, setView] = useState<View>({ phase: 'closed' });
  const busy = useRef(false);
  const origin = useRef<HTMLElement | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // Each decode gets a number; an answer for an older one (closed meanwhile) is dropped.
  const run = useRef(0);
  const props = useRef({ request, signals });
  useEffect(() => {
    props.current = { request, signals };
  }, [request, signals]);

  const later = useCallback((ms: number, then: () => void) => {
    timers.current.push(setTimeout(then, ms));
  }, []);
  const reset = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    run.current += 1;
    busy.current = false;
    setView({ phase: 'closed' });
  }, []);

  const decode = useCallback(
    async (element: HTMLElement) => {
      if (busy.current) return;
      busy.current = true;
      origin.current = element;
      const mine = ++run.current;
      setView({ phase: 'waiting' });
      const clicked = encodedOf(element);
      let outcome: Outcome;
      try {
        const fields = decodeFields(encodedElements().map(encodedOf), props.current.signals());
        outcome = readAnswer(await props.current.request(fields), clicked);
      } catch (error) {
        outcome = failure(error);
      }
      if (mine !== run.current) return;
      if (outcome.kind === 'decoded') {
        later(SHIELD.decodePopupDelayMs, () => setView({ phase: 'shown', outcome }));
      } else {
        setView({ phase: 'shown', outcome });
        later(SHIELD.decodeErrorHideMs, reset);
      }
    },
    [later, reset],
  );

  useEffect(() => {
    makeOperable();
    // Contacts rendered later (a popup's HTML, a filtered list) become operable too.
    const observer = new MutationObserver(() => makeOperable());
    observer.observe(document.body, { childList: true, subtree: true });
    const target = (event: Event) =>
      event.target instanceof Element ? event.target.closest<HTMLElement>(ENCODED_SELECTOR) : null;
    const onClick = (event: globalThis.MouseEvent) => {
      const element = target(event);
      if (!element) return;
      // The masked mailto:/tel: link leads nowhere useful.
      event.preventDefault();
      void decode(element);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const element = target(event);
      if (!element || element !== event.target) return;
      event.preventDefault();
      void decode(element);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
      for (const timer of timers.current) clearTimeout(timer);
    };
  }, [decode]);

  const gotIt = () => {
    if (view.phase !== 'shown' || view.outcome.kind !== 'decoded') return;
    const filled = fillElements(view.outcome.items);
    reset();
    later(SHIELD.decodeFillDelayMs, () => settleElements(filled));
  };

  const selectValue = (event: MouseEvent<HTMLElement>) => {
    globalThis.getSelection?.()?.selectAllChildren(event.currentTarget);
  };

  const outcome = view.phase === 'shown' ? view.outcome : null;
  return (
    <Dialog.Root open={view.phase !== 'closed'} modal={false} onOpenChange={(open) => !open && reset()}>
      <Dialog.Portal>
        <Dialog.Content
          className="shield-decoder"
          data-testid="contact-decoder"
          onInteractOutside={(event) => {
            // A click on another contact is the decoder's own business, not a dismissal.
            if (event.target instanceof Element && event.target.closest(ENCODED_SELECTOR)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const back = origin.current;
            if (back?.isConnected) back.focus();
          }}
        >
          <Dialog.Title className="shield-decoder__title">{text('text__ee_email_decoder')}</Dialog.Title>
          <div aria-live="polite" role="status" className="shield-decoder__body">
            {outcome === null ? (
              <>
                <div className="shield-decoder__spinner" aria-hidden="true" />
                <Dialog.Description className="shield-decoder__wait">
                  {text('text__ee_wait_for_decoding')}
                </Dialog.Description>
                <p className="shield-decoder__process">{text('text__ee_decoding_process')}</p>
              </>
            ) : outcome.kind === 'decoded' ? (
              <>
                <Dialog.Description className="shield-decoder__label">
                  {text('text__ee_original_email')}
                </Dialog.Description>
                <p className="shield-decoder__value" title={text('text__ee_click_to_select')} onClick={selectValue}>
                  {outcome.value.split('?')[0]}
                </p>
                <p className="shield-decoder__hint">{text('text__ee_click_to_select')}</p>
              </>
            ) : (
              <Dialog.Description className="shield-decoder__error">
                {text(FAILURE_TEXT[outcome.kind])}
                {outcome.comment ? ` ${outcome.comment}` : ''}
              </Dialog.Description>
            )}
          </div>
          {outcome?.kind === 'decoded' && (
            <button type="button" className="shield-decoder__got-it" onClick={gotIt} autoFocus>
              {text('text__ee_got_it')}
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
