export { ContactDecoder } from './ContactDecoder.js';
export { DecoderPopup, type DecoderPopupProps } from './DecoderPopup.js';
export { DECODE_CALL, type DecodeItem, type Signals } from '../../core/decoder/contacts.js';
