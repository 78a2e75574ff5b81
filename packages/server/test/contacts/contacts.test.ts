import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContactCipher } from '../../src/contacts/cipher.js';
import { maskEmail, maskedText, maskPhone } from '../../src/contacts/mask.js';
import { findContacts } from '../../src/contacts/patterns.js';
import { encodeContactsInHtml, maskContactsInText } from '../../src/contacts/rewrite-html.js';

const cipher = createContactCipher('a-test-secret-that-is-long-enough-0123456789');
const HARVEST_EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;
const HARVEST_PHONE = /\+?\d[\d\s().-]{7,}\d/;

describe('contact cipher', () => {
  it('opens what it sealed, and only that', () => {
    const sealed = cipher.seal('info@example.com');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('example');
    expect(cipher.open(sealed)).toBe('info@example.com');
    expect(cipher.seal('info@example.com')).not.toBe(sealed);
  });

  it('refuses altered, foreign or malformed strings', () => {
    const sealed = cipher.seal('+44 20 7946 0123');
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(cipher.open(flipped)).toBeNull();
    expect(createContactCipher('another-secret-that-is-long-enough-987654').open(sealed)).toBeNull();
    for (const bad of ['', 'x', '!!!!', 'A'.repeat(5000)]) expect(cipher.open(bad)).toBeNull();
  });
});

describe('contact patterns', () => {
  it('find addresses and phone numbers', () => {
    const found = findContacts('Write to bookings@cafe-lumiere.example or call +33 4 72 10 20 30, or 020 7946 0123.');
    expect(found.map((f) => [f.kind, f.value])).toEqual([
      ['email', 'bookings@cafe-lumiere.example'],
      ['phone', '+33 4 72 10 20 30'],
      ['phone', '020 7946 0123'],
    ]);
  });

  it('leave coordinates, prices, years, hours and ids alone', () => {
    for (const text of [
      '45.7640,4.8357',
      '€12.50',
      'since 1987',
      'Mon–Fri 9:00–18:00',
      'item-1234567',
      '2026-11-22',
      '-33.8688,151.2093',
    ]) {
      expect(findContacts(text), text).toEqual([]);
    }
  });
});

describe('masks', () => {
  it('keep the first two characters, the last two of the domain name and the top-level domain', () => {
    expect(maskedText(maskEmail('info@example.com'))).toBe('in**@*****le.com');
    expect(maskedText(maskPhone('+44 20 7946 0123'))).toBe('+4************23');
  });
});

describe('HTML rewriting', () => {
  it('wraps contacts in text in the encoded span of the protocol', () => {
    const html = encodeContactsInHtml('<p>Mail info@example.com now.</p>', cipher);
    const m =
      /<p>Mail <span data-original-string="([^"]+)" class="apbct-email-encoder" title="[^"]+">in<span class="apbct-blur">\*\*<\/span>@<span class="apbct-blur">\*\*\*\*\*<\/span>le\.com<\/span> now\.<\/p>/.exec(
        html,
      );
    expect(m, html).not.toBeNull();
    expect(cipher.open(m![1]!)).toBe('info@example.com');
  });

  it('seals the whole tail of mailto and tel links and masks their text', () => {
    const html = encodeContactsInHtml(
      '<a class="x" href="mailto:info@example.com?subject=Hi&amp;body=Yo">info@example.com</a> <a href="tel:+442079460123">Call</a>',
      cipher,
    );
    expect(html).not.toMatch(HARVEST_EMAIL);
    expect(html).not.toMatch(HARVEST_PHONE);
    const sealed = [...html.matchAll(/data-original-string="([^"]+)"/g)].map((m) => cipher.open(m[1]!));
    expect(sealed).toEqual(['info@example.com?subject=Hi&body=Yo', '+442079460123']);
    expect(html).toContain('class="x"');
    expect(html).toContain('href="mailto:in**@*****le.com?subject=Hi&amp;body=Yo"');
    // Issue 16: the masked text of a link sits in a nested span.apbct-email-encoder, which the
    // original page script's decoder fills; it carries no sealed string, so encoded elements never nest.
    expect(html).toContain('<span class="apbct-email-encoder">in**@*****le.com</span></a>');
    expect(html.match(/data-original-string=/g)).toHaveLength(2);
  });

  it('masks contacts in other attributes and raw-text elements, and leaves scripts alone', () => {
    const html = encodeContactsInHtml(
      '<li data-phone="+33 4 72 10 20 30" title="info@example.com"><textarea>a@b.example</textarea><script>var x = 1;</script></li>',
      cipher,
    );
    expect(html).toContain('data-phone="+3*************30"');
    expect(html).toContain('<textarea>*@*.example</textarea>');
    expect(html).toContain('<script>var x = 1;</script>');
    expect(html).not.toMatch(HARVEST_EMAIL);
  });

  it('copies HTML without contacts byte for byte', () => {
    const html = '<!doctype html><p class=a>Plain &amp; simple <br/> text</p>';
    expect(encodeContactsInHtml(html, cipher)).toBe(html);
  });

  it('leaves no harvestable contact in any text with contacts in it', () => {
    const email = fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9.]{1,10}$/),
        fc.stringMatching(/^[a-z]{2,10}$/),
        fc.constantFrom('com', 'example', 'co.uk'),
      )
      .map(([l, d, t]) => `${l}@${d}.${t}`);
    const phone = fc.stringMatching(/^\+\d{2} \d{2,4} \d{3,4} \d{3,4}$/);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(email, phone, fc.constantFrom('Hello', ' ', '<b>x</b>', '&amp;', ', ')), { maxLength: 8 }),
        (parts) => {
          const html = `<div>${parts.join(' ')}</div>`;
          const out = encodeContactsInHtml(html, cipher);
          expect(out.replace(/data-original-string="[^"]*"/g, '')).not.toMatch(HARVEST_EMAIL);
          expect(out.replace(/data-original-string="[^"]*"/g, '')).not.toMatch(HARVEST_PHONE);
        },
      ),
    );
  });

  it('masks plain text for JSON and attributes', () => {
    expect(maskContactsInText('call +33 4 72 10 20 30')).toBe('call +3*************30');
  });
});
