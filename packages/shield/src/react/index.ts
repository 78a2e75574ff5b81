/** The React pieces of the page layer. */
export { ShieldProvider, useShield, type ShieldApi } from './ShieldProvider.js';
export { BlockModal } from './BlockModal.js';
export { HoneypotFields, HoneypotTestBlock, ProtectedFormFields } from './Honeypot.js';
export { RequestError, readBlock, type Block, type CallSpec } from '../core/index.js';
export { ContactDecoder, DecoderPopup, DECODE_CALL, type DecoderPopupProps } from './decoder/index.js';
export { RealPersonBadge, type RealPersonBadgeProps } from './badge/index.js';
export type { TheRealPerson } from '@waymark/protocol';
