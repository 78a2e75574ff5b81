/**
 * The masked form a visitor sees before decoding (PROTOCOL.md section 4, blur mode): the first
 * two characters, blurred stars, `@`, blurred stars, the last two characters of the domain name
 * and its top-level domain. Phones keep their first two and last two characters.
 */
export interface MaskedParts {
  /** Text shown as it is. */
  visible: string[];
  /** Blurred runs between the visible parts; `visible.length === blurred.length + 1`. */
  blurred: string[];
}

const stars = (n: number) => '*'.repeat(Math.max(1, n));

export function maskEmail(email: string): MaskedParts {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const name = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  // Never show a whole part: at most two characters, and one fewer than the part has.
  const headLength = Math.min(2, Math.max(0, local.length - 1));
  const tailLength = Math.min(2, Math.max(0, name.length - 1));
  const head = local.slice(0, headLength);
  const tail = tailLength === 0 ? '' : name.slice(name.length - tailLength);
  return {
    visible: [head, '@', `${tail}${tld}`],
    blurred: [stars(local.length - head.length), stars(name.length - tail.length)],
  };
}

export function maskPhone(phone: string): MaskedParts {
  const compact = phone.trim();
  if (compact.length <= 4) return { visible: ['', ''], blurred: [stars(compact.length)] };
  return { visible: [compact.slice(0, 2), compact.slice(-2)], blurred: [stars(compact.length - 4)] };
}

/** The masked form as plain text, for attributes and JSON. */
export function maskedText(parts: MaskedParts): string {
  return parts.visible.reduce((out, part, i) => out + part + (parts.blurred[i] ?? ''), '');
}
