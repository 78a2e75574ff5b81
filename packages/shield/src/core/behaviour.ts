import { BEHAVIOUR as B, SHIELD, SIGNAL, TELL } from '@waymark/protocol/plain';
import type { Scope } from './events.js';
import type { Store } from './store.js';

/**
 * How the page is used, summarised as it happens (never the events themselves): key hold times
 * and key gaps (per field and per burst), the pointer's turns, speed changes and how straight each
 * stroke ran, whether clicks were approached and pressed with a mouse's pressure, how fields got focus, pastes, and capitals typed
 * without Shift or with Shift pressed at the same moment. Constant work per event, written to the store at most every 1.2 s.
 */

/** Running count, mean and spread (Welford), sent as [count, mean, standard deviation]. */
class Stat {
  n = 0;
  mean = 0;
  m2 = 0;
  add(x: number) {
    const d = x - this.mean;
    this.mean += d / ++this.n;
    this.m2 += d * (x - this.mean);
  }
  toJSON() {
    const r = (x: number) => Math.round(x * 1000) / 1000;
    return [this.n, r(this.mean), r(this.n > 1 ? Math.sqrt(this.m2 / (this.n - 1)) : 0)];
  }
}

/** Pointer segments shorter than this are pixel noise, not a turn. */
const SEGMENT_PX = 16;
/** A pause this long ends a burst of typing, or a pointer stroke. */
const BURST_MS = 1_000;
const STROKE_PAUSE_MS = 150;
/** A stroke says how straight it was from this long a line and this many moves on. */
const STROKE_PX = 60;
const STROKE_MOVES = 4;
/**
 * A hand reaches what it clicks in several moves and may rest on it as long as it likes; an
 * automated click comes with one move or none. The press is where the last move ended.
 */
const APPROACH_MOVES = 3;
const APPROACH_PX = 2;
const CAUSE_MS = 600;
/**
 * Where a pressed mouse button is known to report 0.5: Chromium on Windows and Linux. Safari
 * before 17.x reported 0 for every mouse press, and Firefox on a Mac reports 0 for a trackpad's
 * tap-to-click; Chromium on a Mac, ChromeOS and Android is not known either way.
 */
const PRESSURE_TOLD = / Chrome\//;
const PRESSURE_UNTOLD = /Mac OS X|Macintosh|CrOS|Android/;
/**
 * A hand's aim at a box scatters by a quarter of its size (Fitts); a script aims at the middle of
 * the box it measured. Only boxes big enough for the scatter to show say anything.
 */
const CENTRE_PX = 1;
const CENTRE_MIN_PX = 16;
/**
 * A hand presses Shift tens of milliseconds before its letter (or, now and then, in the same
 * keyboard report); xdotool, pyautogui and the automation libraries send the two at once, which a
 * busy machine delivers up to several milliseconds apart. Password fields are left out: a password
 * manager's auto-type chords its capitals too.
 */
const CHORD_MS = 15;

export function watchBehaviour(store: Store, scope: Scope): () => void {
  const hold = new Stat();
  const gap = new Stat();
  const speed = new Stat();
  const turn = new Stat();
  const straight = new Stat();
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  const down = new Map<string, number>();
  let lastKey = -Infinity;
  let lastPress = -Infinity;
  let lastTab = -Infinity;
  let shiftAt = -Infinity;
  // Mouse moves since the last press, and where the last one ended.
  let moves = 0;
  let lastMove: [number, number] = [NaN, NaN];
  let anchor: [number, number, number] | null = null;
  let heading: number | null = null;
  // The stroke so far: where it began, how far the pointer went, in how many moves, and when.
  let stroke: [number, number, number, number, number] | null = null;
  const endStroke = () => {
    if (stroke && stroke[3] >= STROKE_MOVES) {
      const chord = Math.hypot(lastMove[0] - stroke[0], lastMove[1] - stroke[1]);
      if (chord >= STROKE_PX) straight.add(stroke[2] / chord - 1);
    }
    stroke = null;
  };
  let untrusted = false;
  let dirty = false;

  const flush = () => {
    if (!dirty) return;
    dirty = false;
    store.set(SIGNAL.behaviour, {
      [B.keyHold]: hold,
      [B.keyGap]: gap,
      [B.speed]: speed,
      [B.turn]: turn,
      [B.straightness]: straight,
      ...counts,
    });
    if (untrusted) store.set(SIGNAL.tells, [...((store.get(SIGNAL.tells) as string[]) ?? []), TELL.untrusted]);
    untrusted = false;
  };
  scope.every(SHIELD.mouseWriteMs, flush);

  const on = (types: string[], handler: (event: Event, at: number) => void) =>
    scope.listen(window, types, (event) => {
      if (!event.isTrusted) untrusted = true;
      dirty = true;
      handler(event, event.timeStamp);
    });

  on(['keydown'], (event, at) => {
    const e = event as KeyboardEvent;
    const { code, key, repeat } = e;
    if (repeat) return;
    down.set(code, at);
    if (key === 'Tab') lastTab = at;
    else if (key === 'Shift') shiftAt = at;
    else if (key.length === 1) {
      // Rhythm within a burst only: a pause, or a move to another field, is not typing speed.
      if (at - lastKey < BURST_MS) gap.add(at - lastKey);
      lastKey = at;
      if (key !== key.toLowerCase() && !e.getModifierState('CapsLock')) {
        if (!e.shiftKey) count(B.shiftless);
        else if ((e.target as HTMLInputElement).type !== 'password') {
          count(B.shifted);
          if (at - shiftAt < CHORD_MS) count(B.chorded);
        }
      }
    }
  });
  on(['keyup'], (event, at) => {
    const pressed = down.get((event as KeyboardEvent).code);
    if (pressed !== undefined) hold.add(at - pressed);
    down.delete((event as KeyboardEvent).code);
  });
  on(['pointermove'], (event, at) => {
    const { clientX: x, clientY: y, pointerType } = event as PointerEvent;
    if (pointerType !== 'mouse') return;
    moves += 1;
    if (stroke && at - stroke[4] > STROKE_PAUSE_MS) endStroke();
    if (stroke) {
      stroke[2] += Math.hypot(x - lastMove[0], y - lastMove[1]);
      stroke[3] += 1;
      stroke[4] = at;
    } else stroke = [x, y, 0, 0, at];
    lastMove = [x, y];
    if (!anchor) return void (anchor = [x, y, at]);
    const [ax, ay, at0] = anchor;
    const distance = Math.hypot(x - ax, y - ay);
    if (distance < SEGMENT_PX) return;
    if (at > at0) speed.add(distance / (at - at0));
    const direction = Math.atan2(y - ay, x - ax);
    if (heading !== null) turn.add(Math.abs(Math.atan2(Math.sin(direction - heading), Math.cos(direction - heading))));
    heading = direction;
    anchor = [x, y, at];
  });
  on(['pointerdown'], (event, time) => {
    lastPress = time;
    endStroke();
    const { clientX: x, clientY: y, pointerType, buttons, pressure } = event as PointerEvent;
    if (pointerType !== 'mouse') return void count(B.touches);
    count(B.mouseClicks);
    if (buttons && !pressure && PRESSURE_TOLD.test(navigator.userAgent) && !PRESSURE_UNTOLD.test(navigator.userAgent))
      count(B.pressless);
    if (moves >= APPROACH_MOVES && Math.hypot(x - lastMove[0], y - lastMove[1]) <= APPROACH_PX) {
      count(B.approached);
      const box = event.target instanceof Element ? event.target.getBoundingClientRect() : null;
      if (box && box.width >= CENTRE_MIN_PX && box.height >= CENTRE_MIN_PX) {
        const off = Math.max(Math.abs(x - box.left - box.width / 2), Math.abs(y - box.top - box.height / 2));
        if (off <= CENTRE_PX) count(B.centred);
      }
    }
    moves = 0;
  });
  on(['focusin'], (event, at) => {
    if (!(event.target instanceof Element) || !event.target.matches('input,textarea,select')) return;
    lastKey = -Infinity;
    count(at - lastPress < CAUSE_MS ? B.focusPointer : at - lastTab < CAUSE_MS ? B.focusTab : B.focusOther);
  });
  on(['paste'], () => count(B.pastes));
  return flush;
}
