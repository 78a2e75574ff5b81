import { startDecoderPopup } from './core/decoder/popup.js';
import { watchEmails } from './core/email-check.js';
import { wireHoneypotToggles } from './core/honeypot-toggle.js';

/**
 * What the standalone script (`/waymark/shield.js`) fetches beside itself only where a page needs
 * it: the contact decoder, on pages with encoded contacts; the e-mail checks, on sites that turn
 * them on; the administrators' honeypot toggle.
 */
export interface ShieldExtras {
  startDecoderPopup: typeof startDecoderPopup;
  watchEmails: typeof watchEmails;
  wireHoneypotToggles: typeof wireHoneypotToggles;
}

declare global {
  interface Window {
    WaymarkShieldExtras?: ShieldExtras;
  }
}

window.WaymarkShieldExtras = { startDecoderPopup, watchEmails, wireHoneypotToggles };
