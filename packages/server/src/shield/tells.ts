import { SIGNAL, TELL, type SpamReason, type TellCode } from '@waymark/protocol';

/** The page's automation tells (its `TELL` codes) as the spam log's reasons; unknown codes are ignored. */

const REASON_OF: Readonly<Record<TellCode, SpamReason>> = {
  [TELL.headlessUa]: 'tell_headless_ua',
  [TELL.brands]: 'tell_brands',
  [TELL.softwareGl]: 'tell_software_gl',
  [TELL.window]: 'tell_window',
  [TELL.permissions]: 'tell_permissions',
  [TELL.chrome]: 'tell_chrome',
  [TELL.cdp]: 'tell_cdp',
  [TELL.untrusted]: 'tell_untrusted',
  [TELL.worker]: 'tell_worker',
};

export function tellReasons(signals: Record<string, unknown>): SpamReason[] {
  const tells = signals[SIGNAL.tells];
  if (!Array.isArray(tells)) return [];
  const reasons = tells
    .filter((code): code is TellCode => typeof code === 'string' && Object.hasOwn(REASON_OF, code))
    .map((code) => REASON_OF[code]);
  return [...new Set(reasons)];
}
