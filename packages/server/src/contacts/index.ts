/** Contact protection: contacts sealed for the decoder, masked in text, and revealed to a person. */
export { contactsPlugin, type ContactsService } from './plugin.js';
export { registerContactsCalls } from './calls.js';
export { protectItem } from './protect-item.js';
export { encodeContactsInHtml, maskContactsInText } from './rewrite-html.js';
export type { ContactCipher } from './cipher.js';
