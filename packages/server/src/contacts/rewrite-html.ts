import { ENCODED_CONTACT } from '@waymark/protocol';
import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import type { ContactCipher } from './cipher.js';
import { ENCODED_HINT, encodedSpan, maskedHref, maskOf } from './markup.js';
import { maskedText } from './mask.js';
import { findContacts, hasContact } from './patterns.js';

/** Elements whose text is not markup: contacts there are masked as plain text, never wrapped. */
const RAW_TEXT = new Set(['style', 'textarea', 'title', 'noscript', 'option']);
const LINK = /^\s*(mailto|tel):(.*)$/is;

/** Replaces every contact in plain text with its masked text. */
export function maskContactsInText(text: string): string {
  return replaceContacts(text, (kind, value) => maskedText(maskOf(kind, value)));
}

function replaceContacts(text: string, replace: (kind: 'email' | 'phone', value: string) => string): string {
  let out = '';
  let at = 0;
  for (const m of findContacts(text)) {
    out += text.slice(at, m.start) + replace(m.kind, m.value);
    at = m.end;
  }
  return out + text.slice(at);
}

/** A sealed link's masked text, where the original page script's decoder writes the value. */
const maskedInLink = (text: string) => `<span class="${ENCODED_CONTACT.className}">${maskContactsInText(text)}</span>`;

/** Attribute values here are raw HTML (entities kept), so only the quote needs escaping. */
const quoted = (raw: string) => `"${raw.replace(/"/g, '&quot;')}"`;

/**
 * Rewrites HTML so that no e-mail address or phone number stays in clear: text becomes encoded
 * spans, `mailto:`/`tel:` links get a masked `href` and carry the sealed tail themselves (their
 * inner text is masked, in a `span.apbct-email-encoder` without a sealed string of its own: the
 * original decoder fills that span, and encoded elements never nest), and any other attribute holding a
 * contact is masked. Everything else is copied byte for byte. Script contents are left alone:
 * data is encoded before it is serialised into a script.
 */
export function encodeContactsInHtml(html: string, cipher: ContactCipher): string {
  if (!hasContact(html)) return html;
  let out = '';
  let copied = 0;
  const stack: { name: string; sealed: boolean }[] = [];
  const splice = (start: number, end: number, replacement: string) => {
    out += html.slice(copied, start) + replacement;
    copied = end;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        const found = name === 'a' ? LINK.exec(attributes.href ?? '') : null;
        // A link to a contact this reader decoded before stays as it is, text and all.
        const link = found && !cipher.reveals(decodeHTML(found[2] ?? '').split('?')[0] ?? '') ? found : null;
        if (found && !link) {
          stack.push({ name, sealed: false });
          return;
        }
        stack.push({ name, sealed: (stack.at(-1)?.sealed ?? false) || link !== null });
        if (!link && !Object.values(attributes).some(hasContact)) return;

        const rebuilt = Object.entries(attributes).map(([key, value]) => {
          if (key === 'href' && link) {
            const scheme = link[1]!.toLowerCase() as 'mailto' | 'tel';
            return `href=${quoted(maskedHref(scheme, link[2] ?? ''))}`;
          }
          return `${key}=${quoted(maskContactsInText(value))}`;
        });
        if (link) {
          rebuilt.push(`${ENCODED_CONTACT.attribute}="${cipher.seal(decodeHTML(link[2] ?? ''))}"`);
          if (!('title' in attributes)) rebuilt.push(`title=${quoted(ENCODED_HINT)}`);
        }
        const selfClosing = html.slice(start, end).endsWith('/>') ? ' /' : '';
        splice(start, end, `<${name} ${rebuilt.join(' ')}${selfClosing}>`);
      },
      ontext(text) {
        const top = stack.at(-1);
        if (top?.name === 'script' || !hasContact(text)) return;
        const raw = RAW_TEXT.has(top?.name ?? '');
        splice(
          parser.startIndex,
          parser.endIndex + 1,
          raw
            ? maskContactsInText(text)
            : top?.sealed
              ? maskedInLink(text)
              : replaceContacts(text, (kind, value) => encodedSpan(cipher, kind, decodeHTML(value))),
        );
      },
      onclosetag() {
        stack.pop();
      },
    },
    { decodeEntities: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return out + html.slice(copied);
}
