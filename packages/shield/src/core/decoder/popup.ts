import { el, openDialog } from '../dialog.js';
import { decoderText, outcomeText, startDecoder, type Decoder, type DecoderOptions } from './controller.js';

/**
 * The decoder popup for pages without React: the controller's views drawn in the platform's
 * modal `<dialog>`, named by its title, with a live status region (a spinner beside the title
 * while it waits); focus goes to "got it" when it appears.
 */
const STYLE =
  '.shield-decoder b{word-break:break-all;user-select:all}' +
  '.shield-decoder.waiting h2::after{content:"";display:inline-block;padding:.35em;margin-left:.5em;border:2px dotted;border-radius:50%;animation:shield-spin 1s linear infinite}' +
  '@keyframes shield-spin{to{rotate:1turn}}';

export function startDecoderPopup(options: DecoderOptions): Decoder {
  let dialog: HTMLDialogElement | null = null;
  // An `<output>` is a live status region of its own.
  const status = el('output');
  const value = el('b');
  value.title = decoderText('text__ee_click_to_select');
  const gotIt = el('button', decoderText('text__ee_got_it'));
  const decoder = startDecoder(options, (view) => {
    if (!view) {
      dialog?.close();
      dialog = null;
      return;
    }
    if (!dialog) {
      dialog = openDialog('shield-decoder', STYLE, decoderText('text__ee_email_decoder'), status, gotIt);
      // Escape or a click on the backdrop: the controller closes (closing twice is nothing).
      dialog.addEventListener('close', () => decoder.close());
    }
    const outcome = view === 'waiting' ? null : view;
    const decoded = outcome?.kind === 'decoded';
    dialog.classList.toggle('waiting', !outcome);
    value.textContent = decoded ? outcomeText(outcome) : '';
    status.replaceChildren(
      !outcome
        ? decoderText('text__ee_wait_for_decoding')
        : decoded
          ? decoderText('text__ee_original_email')
          : outcomeText(outcome),
      ' ',
      value,
    );
    gotIt.hidden = !decoded;
    if (decoded) gotIt.focus();
  });
  gotIt.onclick = () => decoder.gotIt();
  return decoder;
}
