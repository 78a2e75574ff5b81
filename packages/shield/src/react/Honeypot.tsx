import { HONEYPOT_DECOY_FIELD } from '@waymark/protocol/plain';
import { useId, useState } from 'react';
import './shield.css';

/**
 * The honeypot of PROTOCOL.md section 4 inside a protected form: the decoy `alt_s` with its label
 * in a 1 px container that people never see or reach, and the hidden field with the configured
 * name and the page's signed value.
 */
export function HoneypotFields({ name, value }: { name: string; value: string }) {
  return (
    <>
      <div data-shield-decoy="" aria-hidden="true" className="shield-decoy">
        <label htmlFor={HONEYPOT_DECOY_FIELD}>Leave this field empty</label>
        <input type="text" id={HONEYPOT_DECOY_FIELD} name={HONEYPOT_DECOY_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <input type="text" name={name} defaultValue={value} hidden readOnly tabIndex={-1} autoComplete="off" />
    </>
  );
}

/**
 * The administrators' honeypot test block: "Act as Spam Bot" removes both honeypot fields from
 * the form, so the next submission shows what the shield does with a bot.
 */
export function HoneypotTestBlock({ acting, onToggle }: { acting: boolean; onToggle: () => void }) {
  const statusId = useId();
  return (
    <div className="shield-honeypot-test" role="group" aria-label="Honeypot test (administrators only)">
      <p className="shield-honeypot-test__title">Honeypot test · administrators only</p>
      <button type="button" onClick={onToggle} aria-describedby={statusId}>
        {acting ? 'Acting as Spam Bot' : 'Act as Spam Bot'}
      </button>
      <p id={statusId} className="shield-honeypot-test__status" role="status">
        {acting
          ? 'The honeypot fields are removed: this form now submits like a spam bot.'
          : 'The honeypot fields are in place.'}
      </p>
    </div>
  );
}

/** Everything a protected form renders for the shield: the honeypot and, for administrators, its test block. */
export function ProtectedFormFields({ name, value, admin }: { name: string; value: string; admin: boolean }) {
  const [acting, setActing] = useState(false);
  return (
    <>
      {!acting && <HoneypotFields name={name} value={value} />}
      {admin && <HoneypotTestBlock acting={acting} onToggle={() => setActing((a) => !a)} />}
    </>
  );
}
