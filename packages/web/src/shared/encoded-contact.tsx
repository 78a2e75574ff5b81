import { ENCODED_CONTACT } from '@waymark/protocol';

/**
 * A contact the server sealed for this visitor, in the markup of PROTOCOL.md section 4: the
 * masked text with its star runs blurred, on an element the contact decoder listens to. As a
 * link, the `href` stays masked until a person decodes it.
 */
export function EncodedContact({
  masked,
  sealed,
  scheme,
}: {
  masked: string;
  sealed: string;
  scheme?: 'tel' | 'mailto';
}) {
  const parts = masked.split(/(\*+)/).map((part, i) =>
    part.startsWith('*') ? (
      <span key={i} className={ENCODED_CONTACT.blurClassName}>
        {part}
      </span>
    ) : (
      part
    ),
  );
  const attributes = { [ENCODED_CONTACT.attribute]: sealed, title: ENCODED_CONTACT.hint };
  return scheme ? (
    <a href={`${scheme}:${masked}`} {...attributes}>
      {parts}
    </a>
  ) : (
    <span className={ENCODED_CONTACT.className} {...attributes}>
      {parts}
    </span>
  );
}
