/** PROTOCOL.md section 4: the markup of an encoded contact, shared by the server and the page. */
export const ENCODED_CONTACT = {
  attribute: 'data-original-string',
  className: 'apbct-email-encoder',
  blurClassName: 'apbct-blur',
  hint: 'This contact is protected from spam bots. Click to show it.',
} as const;
