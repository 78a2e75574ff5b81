import { HONEYPOT_DECOY_FIELD } from '@waymark/protocol/plain';

/**
 * The administrators' honeypot test block on server-rendered pages: a button inside a protected
 * form, `data-shield-honeypot-toggle="<field name>"`, that removes both honeypot fields ("Acting
 * as Spam Bot") and puts them back ("Act as Spam Bot").
 */
export function wireHoneypotToggles(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-shield-honeypot-toggle]')) {
    const form = button.closest('form');
    const name = button.dataset.shieldHoneypotToggle;
    if (!form || !name) continue;
    const decoy = form.querySelector(`#${HONEYPOT_DECOY_FIELD}`)?.closest('[data-shield-decoy]');
    const field = form.querySelector(`input[name="${name}"]`);
    if (!decoy || !field) continue;
    const anchor = document.createComment('honeypot');
    decoy.before(anchor);
    button.onclick = () => {
      // The label itself says the state, so the button carries no aria-pressed (WAI-ARIA button pattern).
      const acting = button.dataset.acting !== 'true';
      if (acting) {
        decoy.remove();
        field.remove();
      } else anchor.after(decoy, field);
      button.dataset.acting = String(acting);
      button.textContent = acting ? 'Acting as Spam Bot' : 'Act as Spam Bot';
    };
  }
}
