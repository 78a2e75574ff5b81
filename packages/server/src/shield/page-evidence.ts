import { SIGNAL, type SpamReason } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { CHECK_JS_MAX_AGE_MS, checkJsPage } from './check-js.js';
import { visitorHash } from './client.js';
import { claimForClient } from './page-stamp.js';
import { asRecord } from './record.js';

/**
 * Whether a page's signals, on their own, show a person: the check-js key of a page of this
 * site that no other client used, some behaviour a script cannot get from the page without a
 * person, and no automated browser. Flags (`ct_mouse_moved: true` and the like) are not
 * behaviour: any script sets them. What the decoder and the bot detector ask before they give.
 */

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Any pointer point, focus, key, scroll, click, paste or autofill at all, flags included. */
export function interacted(signals: Record<string, unknown>): boolean {
  const pointer = signals[SIGNAL.pointer];
  const activity = asRecord(signals[SIGNAL.activity]);
  const typing = Object.values(asRecord(signals[SIGNAL.typing])).map(asRecord);
  return (
    (Array.isArray(pointer) && pointer.length > 0) ||
    [SIGNAL.mouseMoved, SIGNAL.scrolled, SIGNAL.inputFocused, SIGNAL.keyUp].some((name) => signals[name] === true) ||
    num(signals[SIGNAL.firstKeyPress]) > 0 ||
    num(activity.clicks) > 0 ||
    typing.some((t) => num(t.countOfKey) > 0 || t.isUseBuffer === true || t.isAutoFill === true)
  );
}

/** A pointer path: at least three samples, at two places or more, in time order. */
function pointerPath(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 3) return false;
  const points = value.filter((p): p is number[] => Array.isArray(p) && p.length === 3 && p.every(Number.isFinite));
  if (points.length < 3) return false;
  const places = new Set(points.map(([y, x]) => `${y},${x}`));
  return places.size >= 2 && points.every((p, i) => i === 0 || (p[2] ?? 0) >= (points[i - 1]?.[2] ?? 0));
}

/** Keys typed into a field, a paste or an autofill, or (keyboard only) a key pressed and let go after the page was set. */
function keyboard(signals: Record<string, unknown>): boolean {
  const typing = Object.values(asRecord(signals[SIGNAL.typing])).map(asRecord);
  if (typing.some((t) => num(t.countOfKey) > 0 || t.isUseBuffer === true || t.isAutoFill === true)) return true;
  const pressed = num(signals[SIGNAL.firstKeyPress]);
  const set = num(signals[SIGNAL.pageSet]);
  return signals[SIGNAL.keyUp] === true && set > 0 && pressed > set;
}

export function showsBehaviour(signals: Record<string, unknown>): boolean {
  return pointerPath(signals[SIGNAL.pointer]) || keyboard(signals);
}

/**
 * Claims a page's signals (its check-js key's page part) for this visitor: false when another
 * visitor brought them first, a replayed or transplanted blob.
 */
export function claimPage(request: FastifyRequest, page: string): Promise<boolean> {
  const { keys } = request.server.shield;
  const ttl = Math.ceil(CHECK_JS_MAX_AGE_MS / 1000) + 60;
  return claimForClient(request.server.state, `shield:page:${page}`, visitorHash(keys, request), ttl);
}

/** Every reason the signals are not a person's; none when they are. */
export async function pageReasons(
  request: FastifyRequest,
  signals: Record<string, unknown>,
  now = Date.now(),
): Promise<SpamReason[]> {
  const { keys } = request.server.shield;
  const value = signals[SIGNAL.checkJs];
  if (value === undefined) return ['no_javascript'];
  const page = checkJsPage(keys, value, now);
  const reasons: SpamReason[] = [];
  if (page === null) reasons.push('checkjs_invalid');
  else if (!(await claimPage(request, page))) reasons.push('signals_replayed');
  if (!showsBehaviour(signals)) reasons.push(interacted(signals) ? 'no_behaviour' : 'no_interaction');
  if (signals[SIGNAL.headless] === true) reasons.push('headless');
  return reasons;
}
