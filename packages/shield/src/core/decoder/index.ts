/** The decoder of encoded contacts: the page side of the markup, the popup's behaviour, the page script's popup. */
export { DECODE_CALL, type DecodeItem, type Outcome, type Signals } from './contacts.js';
export {
  decoderText,
  outcomeText,
  startDecoder,
  type Decoder,
  type DecoderOptions,
  type DecoderView,
} from './controller.js';
export { startDecoderPopup } from './popup.js';
