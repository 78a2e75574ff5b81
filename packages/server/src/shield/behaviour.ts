import { BEHAVIOUR, SIGNAL, type SpamReason } from '@waymark/protocol';
import { asRecord } from './record.js';

/**
 * How the page was used, from the page's summary (`BEHAVIOUR`): typing at a fixed delay, keys let
 * go as soon as pressed, a pointer in straight lines at a steady speed, clicks the pointer never
 * approached, aimed at a box's exact centre or pressed with no pressure, capitals whose Shift came
 * with the letter, fields focused by nothing. Each needs enough samples to
 * say anything, so a keyboard-only visitor, a paste, a password manager, a screen reader or a
 * touch screen shows none of them: they simply do not produce the samples these judge.
 */

type Stat = { count: number; mean: number; sd: number };

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function stat(value: unknown): Stat {
  const [count, mean, sd] = Array.isArray(value) ? value.map(num) : [];
  return { count: count ?? 0, mean: mean ?? 0, sd: sd ?? 0 };
}

/** Samples each statistic needs before it is judged. */
export const MIN_KEYS = 8;
export const MIN_POINTER = 12;
/** A person's key gaps vary by a third or more; fixed-delay typing by a few percent. */
export const UNIFORM_TYPING_CV = 0.12;
/** A person holds a key 50–150 ms; automation lets go within a few. */
export const ROBOTIC_HOLD_MS = 12;
/** A hand's pointer turns and changes speed; an interpolated path does neither. */
export const STRAIGHT_TURN_RAD = 0.02;
export const STEADY_SPEED_CV = 0.08;
/**
 * A hand's stroke runs a few percent longer than the straight line between its ends; an
 * interpolated one runs the line itself. Judged per stroke, so the corners between strokes (and
 * a machine's jitter in timing) say nothing.
 */
export const MIN_STROKES = 3;
export const STRAIGHT_STROKE = 0.01;
/** Capitals with neither Shift nor Caps Lock: one may be a quirk, two are a script's key events. */
export const SHIFTLESS_CAPITALS = 2;
/** Presses with no pressure: a mouse never makes one, so two (not a stray one) are a protocol's. */
export const PRESSLESS_PRESSES = 2;
/** Approached clicks, every one on its box's centre: one may be luck, two or more are aim. */
export const CENTRED_CLICKS = 2;
/**
 * Capitals with Shift pressed at the same moment, two or more and three in four: a fast hand
 * lands Shift and a letter in one keyboard report now and then, never most of the time; a busy
 * machine delivers a tool's chord apart now and then (measured: xdotool's lead is 1 ms at the
 * median, at most 25–73 ms with `stress-ng --cpu 2` beside it).
 */
export const CHORDED_CAPITALS = 2;
export const CHORDED_SHARE = 0.75;

export interface BehaviourSummary {
  keyHold: Stat;
  keyGap: Stat;
  speed: Stat;
  turn: Stat;
  straightness: Stat;
  mouseClicks: number;
  approached: number;
  touches: number;
  focusPointer: number;
  focusTab: number;
  focusOther: number;
  pastes: number;
  shiftless: number;
  pressless: number;
  centred: number;
  shifted: number;
  chorded: number;
}

export function readBehaviour(signals: Record<string, unknown>): BehaviourSummary | null {
  const raw = signals[SIGNAL.behaviour];
  if (raw === undefined) return null;
  const b = asRecord(raw);
  return {
    keyHold: stat(b[BEHAVIOUR.keyHold]),
    keyGap: stat(b[BEHAVIOUR.keyGap]),
    speed: stat(b[BEHAVIOUR.speed]),
    turn: stat(b[BEHAVIOUR.turn]),
    straightness: stat(b[BEHAVIOUR.straightness]),
    mouseClicks: num(b[BEHAVIOUR.mouseClicks]),
    approached: num(b[BEHAVIOUR.approached]),
    touches: num(b[BEHAVIOUR.touches]),
    focusPointer: num(b[BEHAVIOUR.focusPointer]),
    focusTab: num(b[BEHAVIOUR.focusTab]),
    focusOther: num(b[BEHAVIOUR.focusOther]),
    pastes: num(b[BEHAVIOUR.pastes]),
    shiftless: num(b[BEHAVIOUR.shiftless]),
    pressless: num(b[BEHAVIOUR.pressless]),
    centred: num(b[BEHAVIOUR.centred]),
    shifted: num(b[BEHAVIOUR.shifted]),
    chorded: num(b[BEHAVIOUR.chorded]),
  };
}

export function behaviourReasons(summary: BehaviourSummary | null): SpamReason[] {
  if (!summary) return [];
  const { keyHold, keyGap, speed, turn } = summary;
  const reasons: SpamReason[] = [];
  if (keyGap.count >= MIN_KEYS && keyGap.mean > 0 && keyGap.sd / keyGap.mean < UNIFORM_TYPING_CV) {
    reasons.push('typing_uniform');
  }
  if (keyHold.count >= MIN_KEYS && keyHold.mean < ROBOTIC_HOLD_MS) reasons.push('key_hold_robotic');
  const steady = turn.count >= MIN_POINTER && speed.mean > 0 && speed.sd / speed.mean < STEADY_SPEED_CV;
  const { straightness } = summary;
  // Pages that measure strokes are judged by them; older ones by the turn over the whole path.
  const straight =
    straightness.count > 0
      ? straightness.count >= MIN_STROKES && straightness.mean < STRAIGHT_STROKE
      : turn.count >= MIN_POINTER && turn.mean < STRAIGHT_TURN_RAD;
  if (straight || steady) reasons.push('pointer_synthetic');
  // A touch keyboard's capitals come without a Shift key event; only a session without touch counts.
  if (summary.shiftless >= SHIFTLESS_CAPITALS && summary.touches === 0) reasons.push('key_without_shift');
  if (summary.pressless >= PRESSLESS_PRESSES) reasons.push('press_without_pressure');
  if (summary.chorded >= CHORDED_CAPITALS && summary.chorded >= summary.shifted * CHORDED_SHARE) {
    reasons.push('shift_chorded');
  }
  // Approached clicks only: a screen reader's or voice control's click jumps to the centre unmoved.
  if (summary.centred >= CENTRED_CLICKS && summary.centred === summary.approached) reasons.push('click_centred');
  // Most clicks unapproached: one quick click after a still pointer is something people do too.
  if (summary.mouseClicks >= 2 && summary.approached * 2 < summary.mouseClicks) reasons.push('click_without_approach');
  // A screen reader moves focus by itself too: only focus with no hand behind anything else counts.
  const focused = summary.focusPointer + summary.focusTab + summary.focusOther;
  const handless = summary.touches === 0 && keyHold.count < MIN_KEYS && turn.count < MIN_POINTER;
  if (focused >= 3 && summary.focusOther === focused && handless) reasons.push('focus_without_cause');
  return reasons;
}
