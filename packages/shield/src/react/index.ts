/**
 * The React pieces of the page layer that every page uses. The real-person badge is at
 * `./react/badge` instead: its popover code is for the pages that show reviews, and a page that
 * imports this entry would otherwise carry it.
 */
export { ShieldProvider, useShield, type ShieldApi } from './ShieldProvider.js';
export { BlockModal } from './BlockModal.js';
export { HoneypotFields, HoneypotTestBlock, ProtectedFormFields } from './Honeypot.js';
export { RequestError, readBlock, type Block, type CallSpec } from '../core/index.js';
export { ContactDecoder, DecoderPopup, DECODE_CALL, type DecoderPopupProps } from './decoder/index.js';
export type { TheRealPerson } from '@waymark/protocol';
