import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import {
  decoderText as text,
  outcomeText,
  startDecoder,
  type Decoder,
  type DecoderOptions,
  type DecoderView,
} from '../../core/decoder/controller.js';
import { ENCODED_SELECTOR } from '../../core/decoder/contacts.js';
import './decoder.css';

/**
 * The decoder popup for React pages: the core controller's views (spec sections 2 and 4) in a
 * Radix dialog. Non-modal: the page stays usable, and the popup takes focus so a keyboard user
 * can answer it; on close focus goes back to the clicked contact.
 */

export type DecoderPopupProps = DecoderOptions;

export function DecoderPopup({ request, signals }: DecoderPopupProps) {
  const [view, setView] = useState<DecoderView>(null);
  const decoder = useRef<Decoder | null>(null);
  const props = useRef({ request, signals });
  useEffect(() => {
    props.current = { request, signals };
  }, [request, signals]);
  useEffect(() => {
    const started = startDecoder(
      { request: (fields) => props.current.request(fields), signals: () => props.current.signals() },
      setView,
    );
    decoder.current = started;
    return () => started.stop();
  }, []);

  const selectValue = (event: MouseEvent<HTMLElement>) => {
    globalThis.getSelection?.()?.selectAllChildren(event.currentTarget);
  };

  const outcome = view === 'waiting' ? null : view;
  return (
    <Dialog.Root open={view !== null} modal={false} onOpenChange={(open) => !open && decoder.current?.close()}>
      <Dialog.Portal>
        <Dialog.Content
          className="shield-decoder"
          data-testid="contact-decoder"
          onInteractOutside={(event) => {
            // A click on another contact is the decoder's own business, not a dismissal.
            if (event.target instanceof Element && event.target.closest(ENCODED_SELECTOR)) event.preventDefault();
          }}
          // The controller gives focus back to the contact that opened the popup.
          onCloseAutoFocus={(event) => event.preventDefault()}
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
                  {outcomeText(outcome)}
                </p>
                <p className="shield-decoder__hint">{text('text__ee_click_to_select')}</p>
              </>
            ) : (
              <Dialog.Description className="shield-decoder__error">{outcomeText(outcome)}</Dialog.Description>
            )}
          </div>
          {outcome?.kind === 'decoded' && (
            <button type="button" className="shield-decoder__got-it" onClick={() => decoder.current?.gotIt()} autoFocus>
              {text('text__ee_got_it')}
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
