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

/**
 * What a browser says of itself, read where a stealth kit's script patches reach (the page) and
 * where they do not (a worker): user agent, languages, platform, cores and WebGL renderer. A
 * figure one side cannot read is null and not compared. Runs in the worker from its source text,
 * so it names nothing outside itself.
 */
function describe(): unknown[] {
  const n = navigator;
  return [
    () => n.userAgent,
    () => n.languages.join(),
    () => n.platform,
    () => n.hardwareConcurrency,
    () => {
      const gl = new OffscreenCanvas(1, 1).getContext('webgl');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return info ? gl?.getParameter(info.UNMASKED_RENDERER_WEBGL) : null;
    },
  ].map((read) => {
    try {
      return read() ?? null;
    } catch {
      return null;
    }
  });
}

/** Compares the page's `describe()` with a worker's; answers a mismatch once the worker has told. */
function workerDisagrees(): Promise<boolean> {
  return new Promise((resolve) => {
    // Throws (and so rejects) where a Worker cannot be made at all.
    const url = URL.createObjectURL(new Blob([`postMessage((${describe.toString()})())`]));
    const worker = new Worker(url);
    const done = (disagrees: boolean) => {
      worker.terminate();
      URL.revokeObjectURL(url);
      resolve(disagrees);
    };
    const page = describe();
    worker.onmessage = ({ data }: MessageEvent<unknown[]>) =>
      done(page.some((value, i) => value !== null && data[i] !== null && value !== data[i]));
    // A page whose policy forbids the worker, or a browser without one: nothing to compare.
    worker.onerror = () => done(false);
  });
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
  const late = (code: TellCode) => {
    found.push(code);
    save();
  };
  // No Worker, Blob or object URLs here, or a patched `toString`: nothing to compare.
  workerDisagrees()
    .then((disagrees) => disagrees && late(TELL.worker))
    .catch(() => {});
  // Headless Chromium denies notifications outright while the permission still reads "prompt".
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((status) => {
      if (Notification.permission === 'denied' && status.state === 'prompt') late(TELL.permissions);
    })
    .catch(() => {});
}
