/** The framework-free core of the page layer. */
export { createShield, ALT_SESSION_CALL, type Shield, type ShieldOptions } from './shield.js';
export { readBlock, type Block } from './block.js';
export { RequestError, type CallSpec, type Fields } from './request.js';
export { BOT_DETECTOR_CALL } from './bot-detector.js';
export { PIXEL_CALL } from './pixel.js';
export {
  DECODE_CALL,
  decoderText,
  outcomeText,
  startDecoder,
  startDecoderPopup,
  type Decoder,
  type DecoderOptions,
  type DecoderView,
  type DecodeItem,
  type Outcome,
  type Signals,
} from './decoder/index.js';
