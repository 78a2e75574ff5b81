import { useShield } from '../ShieldProvider.js';
import { DECODE_CALL } from '../../core/decoder/contacts.js';
import { DecoderPopup } from './DecoderPopup.js';

/** The decoder popup on the shield's request layer and signals; mount it once inside ShieldProvider. */
export function ContactDecoder() {
  const shield = useShield();
  return <DecoderPopup request={(fields) => shield.request(DECODE_CALL, fields)} signals={shield.signals} />;
}
