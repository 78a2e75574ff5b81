import { useShield, type CallSpec } from '@waymark/shield/react';
import { useEffect, useState } from 'react';
import './captcha-field.css';
import { loadAnswerSchemas } from './load-answer-schemas.js';

export interface CaptchaImage {
  url: string;
  code: string;
}

/**
 * A captcha: the server's picture, a button that asks the form's captcha-change call for a new
 * one (the picture and the hidden code change together), the answer field and the hidden code.
 * Without `initial` it asks for its first picture itself. A new `round` asks for a new picture:
 * a code is good for one reply, so a form sets a new round after every refused one. An answer
 * without a picture means the form's captcha is off, and nothing shows. With `byEmail`, a
 * choice beside the picture for anyone who cannot read it (WCAG 2.2's 3.3.8): the form's own
 * e-mail address gets a link, and what was sent takes effect when it is opened.
 */
export function CaptchaField({
  call,
  initial = null,
  round = 0,
  inputId,
  answerName = 'captcha',
  codeName = 'ccaptcha',
  invalid = false,
  describedBy,
  byEmail,
}: {
  call: CallSpec;
  initial?: CaptchaImage | null;
  round?: number;
  inputId: string;
  answerName?: string;
  codeName?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** The e-mail alternative's words: what the link will do once opened. */
  byEmail?: string;
}) {
  const { request } = useShield();
  const [image, setImage] = useState<CaptchaImage | null>(initial);
  // Reloads the visitor asked for, counted apart from the form's rounds.
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    // The first round uses the picture the page came with, if any.
    if (round === 0 && reloads === 0 && initial) return;
    let live = true;
    Promise.all([request(call, {}), loadAnswerSchemas()])
      .then(([answer, { captchaAnswer }]) => live && setImage(captchaAnswer.parse(answer)))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [round, reloads, initial, call, request]);

  // The form's captcha is off: the change call answers no picture.
  if (image && image.url === '') return null;
  return (
    <div className="captcha-field">
      <label htmlFor={inputId}>Type the characters in the picture</label>
      <div className="captcha-field__picture">
        {image ? (
          <img src={image.url} alt="Captcha: distorted characters to type" width={240} height={90} />
        ) : (
          <span className="captcha-field__missing">The picture could not be loaded.</span>
        )}
        <button type="button" className="captcha-field__reload" onClick={() => setReloads((n) => n + 1)}>
          New picture
        </button>
      </div>
      <input
        id={inputId}
        name={answerName}
        type="text"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        // A new picture starts with an empty answer.
        key={image?.code ?? ''}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <input type="hidden" name={codeName} value={image?.code ?? ''} />
      {byEmail && (
        <label className="captcha-field__by-email">
          <input type="checkbox" name="confirm_by_email" value="1" /> I cannot read the picture: {byEmail}
        </label>
      )}
    </div>
  );
}
