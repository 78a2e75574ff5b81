import type { AjaxType, CookieType } from '@waymark/protocol/plain';

/**
 * The page configuration of PROTOCOL.md section 2, read from the two globals the server prints.
 * Read live, not copied: the request layer writes `_fresh_nonce` back into `ctPublicFunctions`.
 */

type Bag = Record<string, unknown>;
interface ConfigWindow {
  ctPublicFunctions?: Bag;
  ctPublic?: Bag;
}

const globals = () => globalThis as unknown as ConfigWindow;
export const fns = (): Bag => (globals().ctPublicFunctions ??= {});
export const pub = (): Bag => (globals().ctPublic ??= {});

/** The protocol's flags arrive as booleans, 0/1 or '0'/'1'. */
export const on = (value: unknown): boolean => value === true || value === 1 || value === '1';
export const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

export const cookieType = (): CookieType => {
  const value = fns().data__cookies_type ?? pub().data__cookies_type;
  return value === 'native' || value === 'alternative' ? value : 'none';
};
export const ajaxType = (): AjaxType => (fns().data__ajax_type === 'admin_ajax' ? 'admin_ajax' : 'rest');
export const botDetectorOn = (): boolean =>
  on(fns().bot_detector_enabled ?? fns().data__bot_detector_enabled ?? pub().bot_detector_enabled);

/** `bot_detector_forms_excluded`: base64 of a JSON list of selectors. */
export function excludedSelectors(): string[] {
  try {
    const list = JSON.parse(atob(str(pub().bot_detector_forms_excluded, 'W10='))) as unknown;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string' && s !== '') : [];
  } catch {
    return [];
  }
}
