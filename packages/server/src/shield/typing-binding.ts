import { firstString } from '../plugins/bodies.js';
import { asRecord } from './record.js';

/**
 * Typing data bound to the values it came with: each field's key count against the length of
 * what the field holds. A field with far more characters than keys pressed in it, and no paste
 * or autofill (which the page flags, dictation and other keyless input included), was filled by
 * something else: typing data recorded for another text. A touch keyboard commits whole words per
 * key event, so a session with touches is not judged. Passwords are a password manager's.
 */

/** Too short to judge: a few characters may come from an input method's word. */
const MIN_LENGTH = 24;
/** Keys per character at or below which the typing is not this text's (corrections only add keys). */
const MIN_KEYS_PER_CHARACTER = 0.5;

export function typingMismatch(
  typing: Record<string, unknown>,
  /** The posted values by name (`postedValues`: the contact popup's inside its JSON too). */
  values: Record<string, unknown>,
  touches: number,
): boolean {
  if (touches > 0) return false;
  return Object.entries(typing).some(([name, raw]) => {
    if (/password/i.test(name)) return false;
    const t = asRecord(raw);
    if (t.isUseBuffer === true || t.isAutoFill === true) return false;
    const keys = typeof t.countOfKey === 'number' ? t.countOfKey : 0;
    const length = [...(firstString(values[name]) ?? '')].length;
    return length >= MIN_LENGTH && keys <= length * MIN_KEYS_PER_CHARACTER;
  });
}
