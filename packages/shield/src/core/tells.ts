import { SIGNAL, TELL, type TellCode } from '@waymark/protocol/plain';
import type { Store } from './store.js';

/**
 * Automation tells, after BotD's sound ones: each a named code the server weighs on its own. A
 * check that throws (an old browser, a privacy extension) finds nothing: only a positive answer
 * counts, so a browser that hides things loses nothing here.
 */

type Nav = Navigator & { userAgentData?: { brands: { brand: string }[] } };

function renderer(): string {
  const gl = document.createElement('canvas').getContext('webgl');
  const info = gl?.getExtension('WEBGL_debug_renderer_info');
  return info ? String(gl?.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
}

/** An attached automation protocol serialises what the page logs, and so reads the stack. */
function inspected(): boolean {
  let read = false;
  const error = new Error();
  Object.defineProperty(error, 'stack', { get: () => ((read = true), '') });
  console.debug(error);
  return read;
}

export function recordTells(store: Store): void {
  const nav = navigator as Nav;
  const ua = nav.userAgent;
  const chrome = / Chrome\//.test(ua);
  const found: TellCode[] = [];
  const save = () => store.set(SIGNAL.tells, found.slice());
  const check = (code: TellCode, test: () => unknown) => {
    try {
      if (test()) found.push(code);
    } catch {
      // Refused or missing: no answer, no tell.
    }
  };
  check(TELL.headlessUa, () => /Headless|PhantomJS|Electron|slimerjs/i.test(ua));
  check(TELL.brands, () => {
    const brands = nav.userAgentData?.brands.map((b) => b.brand).join();
    return brands !== undefined && (/Headless/.test(brands) || (chrome && !/Chrom/.test(brands)));
  });
  check(TELL.softwareGl, () => /SwiftShader|llvmpipe|softpipe|Software/i.test(renderer()));
  check(TELL.window, () => (outerWidth === 0 && outerHeight === 0) || screen.width === 0);
  check(TELL.chrome, () => chrome && !/Edg|OPR|SamsungBrowser|wv\)/.test(ua) && !('chrome' in window));
  check(TELL.cdp, inspected);
  save();
  // Headless Chromium denies notifications outright while the permission still reads "prompt".
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((status) => {
      if (Notification.permission === 'denied' && status.state === 'prompt') {
        found.push(TELL.permissions);
        save();
      }
    })
    .catch(() => {});
}
