import type { DirectoryItem } from '@waymark/protocol';
import type { ContactCipher } from './cipher.js';
import { maskedText } from './mask.js';
import { maskOf } from './markup.js';
import { encodeContactsInHtml, maskContactsInText } from './rewrite-html.js';

/**
 * An item as an anonymous visitor may see it: the phone masked with its sealed form beside it
 * for the decoder, contacts inside the custom HTML encoded, and any contact typed into a plain
 * text field masked.
 */
export function protectItem(cipher: ContactCipher): (item: DirectoryItem) => DirectoryItem {
  return (item) => ({
    ...item,
    title: maskContactsInText(item.title),
    subtitle: maskContactsInText(item.subtitle),
    address: maskContactsInText(item.address),
    locality: maskContactsInText(item.locality),
    hours: maskContactsInText(item.hours),
    url: maskContactsInText(item.url),
    content: encodeContactsInHtml(item.content, cipher),
    ...(item.phone && cipher.reveals(item.phone)
      ? { phone: item.phone, phoneSealed: '' }
      : {
          phone: item.phone ? maskedText(maskOf('phone', item.phone)) : '',
          phoneSealed: item.phone ? cipher.seal(item.phone) : '',
        }),
  });
}
