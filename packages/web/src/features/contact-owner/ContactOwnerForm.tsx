import { CALLS, DIRECTORY_TEXTS, type DirectoryItem } from '@waymark/protocol';
import { RequestError, useShield } from '@waymark/shield/react';
import { useId, useState, type FormEvent } from 'react';
import { CaptchaField } from '../../shared/CaptchaField.js';
import { loadAnswerSchemas } from '../../shared/load-answer-schemas.js';
import { ShieldFields } from '../../shared/ShieldFields.js';

const FAILED = 'The message could not be sent. Please try again in a moment.';
const FIELDS = ['name', 'email', 'subject', 'message', 'captcha'] as const;
type Field = (typeof FIELDS)[number];

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'refused'; message: string };

/**
 * The e-mail popup form (directory spec, sections 5 and 8): name, e-mail, subject, message and
 * the captcha must each be filled in, checked in that order with the specification's alerts; it
 * is sent only when none failed. On status true the server's message shows (the configured
 * e-mail-sent text, or where the link went when the sender chose confirmation by e-mail over
 * the picture), otherwise its refusal, and a new captcha picture.
 */
export function ContactOwnerForm({ item, nonce, sentText }: { item: DirectoryItem; nonce: string; sentText: string }) {
  const shield = useShield();
  const id = useId();
  const [values, setValues] = useState<Record<Exclude<Field, 'captcha'>, string>>({
    name: '',
    email: '',
    subject: '',
    message: '',
  });
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [round, setRound] = useState(0);
  const fieldId = (field: Field) => `${id}-${field}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const byEmail = data.get('confirm_by_email') === '1';
    const captchaShown = data.get('ccaptcha') !== null && String(data.get('ccaptcha')) !== '' && !byEmail;
    const text = (field: Field) => String(data.get(field) ?? '').trim();
    const empty = FIELDS.find((field) => (field === 'captcha' ? captchaShown && !text(field) : !text(field)));
    if (empty) {
      setInvalid(empty);
      setStatus({ kind: 'refused', message: DIRECTORY_TEXTS.email[empty] });
      document.getElementById(fieldId(empty))?.focus();
      return;
    }
    setInvalid(null);
    setStatus({ kind: 'sending' });
    try {
      const [sent, { sendVisitorsEmail }] = await Promise.all([
        shield.submit(CALLS.sendVisitorsEmail, form, {
          post_id: String(item.id),
          security: nonce,
          data: {
            name: text('name'),
            email: text('email'),
            // *Waymark:* the server takes the owner's address from the item; this is never read.
            to: '',
            subject: text('subject'),
            message: text('message'),
            sbd_email_title: item.title,
            sbd_email_subtitle: item.subtitle,
            captcha: text('captcha'),
            ccaptcha: String(data.get('ccaptcha') ?? ''),
            ...(byEmail ? { confirm_by_email: '1' } : {}),
          },
        }),
        loadAnswerSchemas(),
      ]);
      const answer = sendVisitorsEmail.response.parse(sent);
      if (answer.status) {
        setValues({ name: '', email: '', subject: '', message: '' });
        setStatus({ kind: 'sent', message: answer.message || sentText });
      } else {
        setStatus({ kind: 'refused', message: answer.message });
      }
    } catch (error) {
      // A block opened the shield's block modal with the server's message already.
      setStatus(error instanceof RequestError && error.block ? { kind: 'idle' } : { kind: 'refused', message: FAILED });
    }
    // A captcha code is good for one reply.
    setRound((r) => r + 1);
  }

  const input = (field: Exclude<Field, 'captcha' | 'message'>, label: string, type = 'text') => (
    <>
      <label htmlFor={fieldId(field)}>{label}</label>
      <input
        id={fieldId(field)}
        name={field}
        type={type}
        autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'off'}
        value={values[field]}
        onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
        aria-invalid={invalid === field || undefined}
      />
    </>
  );

  return (
    <form className="contact-owner__form" noValidate onSubmit={(event) => void submit(event)}>
      {input('name', 'Your name')}
      {input('email', 'Your e-mail address', 'email')}
      {input('subject', 'Subject')}
      <label htmlFor={fieldId('message')}>Message</label>
      <textarea
        id={fieldId('message')}
        name="message"
        rows={5}
        value={values.message}
        onChange={(event) => setValues((v) => ({ ...v, message: event.target.value }))}
        aria-invalid={invalid === 'message' || undefined}
      />
      <CaptchaField
        call={CALLS.contactCaptchaChange}
        round={round}
        inputId={fieldId('captcha')}
        invalid={invalid === 'captcha'}
        byEmail="e-mail me a link instead, and send my message when I open it."
      />
      <ShieldFields />
      <div className="contact-owner__notes">
        <div role="status">{status.kind === 'sent' && <p className="form-sent">{status.message}</p>}</div>
        {status.kind === 'refused' && (
          <p className="form-error" role="alert">
            {status.message}
          </p>
        )}
      </div>
      <button type="submit" aria-busy={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
