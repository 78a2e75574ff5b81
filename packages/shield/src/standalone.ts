import { showBlockDialog } from './core/block-dialog.js';
import { DECODE_CALL } from './core/decoder/contacts.js';
import { startDecoderPopup } from './core/decoder/popup.js';
import { wireHoneypotToggles } from './core/honeypot-toggle.js';
import { createShield, type Shield } from './core/shield.js';

/**
 * The standalone page script (`/waymark/shield.js`) for sites that are not built with React:
 * the whole core, started once the document is parsed, with the platform dialog as block modal
 * and as decoder popup.
 */
declare global {
  interface Window {
    WaymarkShield?: Shield;
  }
}

function start() {
  if (window.WaymarkShield) return;
  const shield = (window.WaymarkShield = createShield({ onBlock: showBlockDialog }));
  wireHoneypotToggles();
  startDecoderPopup({ request: (fields) => shield.request(DECODE_CALL, fields), signals: shield.signals });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
