import { SHIELD_EXTRAS_PATH } from '@waymark/protocol/plain';
import { showBlockDialog } from './core/block-dialog.js';
import { on, pub } from './core/config.js';
import { DECODE_CALL, ENCODED_SELECTOR } from './core/decoder/contacts.js';
import { createShield, type Shield } from './core/shield.js';
import type { ShieldExtras } from './extras.js';

/**
 * The standalone page script (`/waymark/shield.js`) for sites that are not built with React:
 * the whole core, started once the document is parsed, with the platform dialog as block modal
 * and as decoder popup. What not every page needs (the contact decoder, the e-mail checks, the
 * administrators' honeypot toggle) comes from a second script beside this one, fetched only where
 * needed.
 */
declare global {
  interface Window {
    WaymarkShield?: Shield;
  }
}

// Read now: `currentScript` is gone once the script has run.
const here = (document.currentScript as HTMLScriptElement | null)?.src || location.href;
let extras: Promise<ShieldExtras> | undefined;

function loadExtras(): Promise<ShieldExtras> {
  return (extras ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL(SHIELD_EXTRAS_PATH, here).href;
    script.onload = () => (window.WaymarkShieldExtras ? resolve(window.WaymarkShieldExtras) : reject());
    script.onerror = reject;
    document.head.append(script);
  }));
}

function start() {
  if (window.WaymarkShield) return;
  const emailChecks = on(pub().data__email_check_before_post) || on(pub().data__email_check_exist_post);
  const shield = (window.WaymarkShield = createShield({
    onBlock: showBlockDialog,
    watchEmails: emailChecks
      ? (form, deps) =>
          void loadExtras().then(
            (x) => x.watchEmails(form, deps),
            () => {},
          )
      : undefined,
  }));
  if (document.querySelector('[data-shield-honeypot-toggle]')) {
    void loadExtras().then(
      (x) => x.wireHoneypotToggles(),
      () => {},
    );
  }
  // The decoder wakes for contacts in the page now or added later (a list that loads more).
  const decoder = () => {
    if (!document.querySelector(ENCODED_SELECTOR)) return false;
    const request = (fields: Record<string, string>) => shield.request(DECODE_CALL, fields);
    void loadExtras().then(
      (x) => x.startDecoderPopup({ request, signals: shield.signals }),
      () => {},
    );
    return true;
  };
  if (!decoder()) {
    const watch = new MutationObserver(() => decoder() && watch.disconnect());
    watch.observe(document.body, { childList: true, subtree: true });
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
