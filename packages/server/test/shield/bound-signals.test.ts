import { BEHAVIOUR as B, SIGNAL } from '@waymark/protocol';
import { describe, expect, it } from 'vitest';
import { memoryState } from '../../src/shared-state/memory.js';
import { behaviourReasons, readBehaviour } from '../../src/shield/behaviour.js';
import { figuresOf, nudged, replayedBehaviour } from '../../src/shield/behaviour-memory.js';
import { postedValues } from '../../src/shield/posted-values.js';
import { typingMismatch } from '../../src/shield/typing-binding.js';

/**
 * Issue 26, "signals bound to what was posted" and "tells that survive patches", figure by
 * figure: typing data against the values, summaries remembered and their nudged copies, strokes
 * judged one by one, capitals without Shift.
 */

const summary = (parts: Record<string, unknown>) => readBehaviour({ [SIGNAL.behaviour]: parts });
const PERSON = {
  [B.keyHold]: [120, 96, 31],
  [B.keyGap]: [110, 182, 97],
  [B.speed]: [60, 0.61, 0.44],
  [B.turn]: [58, 0.41, 0.38],
  [B.straightness]: [6, 0.08, 0.05],
  [B.mouseClicks]: 3,
  [B.approached]: 3,
  [B.focusPointer]: 2,
};

describe('typing bound to the values', () => {
  const text = 'x'.repeat(90);
  it('names a field that holds far more than was typed into it, with nothing pasted or filled', () => {
    expect(typingMismatch({ body: { countOfKey: 45 } }, { body: text }, 0)).toBe(true);
    expect(typingMismatch({ body: { countOfKey: 95 } }, { body: text }, 0)).toBe(false);
  });
  it('leaves pastes, autofill and dictation, touch keyboards, short fields and passwords alone', () => {
    expect(typingMismatch({ body: { countOfKey: 3, isUseBuffer: true } }, { body: text }, 0)).toBe(false);
    expect(typingMismatch({ body: { countOfKey: 0, isAutoFill: true } }, { body: text }, 0)).toBe(false);
    expect(typingMismatch({ body: { countOfKey: 10 } }, { body: text }, 4)).toBe(false);
    expect(typingMismatch({ name: { countOfKey: 2 } }, { name: 'Ada Lovelace' }, 0)).toBe(false);
    expect(typingMismatch({ password: { countOfKey: 0 } }, { password: text }, 0)).toBe(false);
  });
  it('reads the contact popup’s fields inside its JSON data', () => {
    const values = postedValues({ data: JSON.stringify({ message: text }) });
    expect(typingMismatch({ message: { countOfKey: 5 } }, values, 0)).toBe(true);
  });
});

describe('behaviour remembered', () => {
  it('takes a copy nudged by up to 15 % for the same summary, and another hand’s, however alike, for another', async () => {
    const base = figuresOf(summary(PERSON)!)!;
    const nudge = base.map((f, i) => f * (i % 2 === 0 ? 1.15 : 0.87));
    const other = base.map((f, i) => f * [0.6, 1.4, 1.1, 0.75][i % 4]!);
    expect(nudged(base, nudge)).toBe(true);
    expect(nudged(base, other)).toBe(false);
    // Another person with a similar hand: every figure within a quarter, but not all of them close.
    const alike = base.map((f, i) => f * [1.2, 0.8, 1.25, 0.85][i % 4]!);
    expect(nudged(base, alike)).toBe(false);

    const state = memoryState();
    expect(await replayedBehaviour(state, 'visitor-a', summary(PERSON))).toBe(false);
    // The same visitor's session, sent again after an error: no replay.
    expect(await replayedBehaviour(state, 'visitor-a', summary(PERSON))).toBe(false);
    expect(await replayedBehaviour(state, 'visitor-b', summary(PERSON))).toBe(true);
    // Too little to compare: a keyboard-only visitor who typed a word.
    expect(await replayedBehaviour(state, 'visitor-c', summary({ [B.keyGap]: [3, 150, 40] }))).toBe(false);
    await state.close();
  });
});

describe('strokes and keys', () => {
  it('calls strokes along a ruler synthetic, curved ones a hand’s, and corners between strokes nothing', () => {
    expect(behaviourReasons(summary({ ...PERSON, [B.straightness]: [6, 0.002, 0.001] }))).toContain(
      'pointer_synthetic',
    );
    // Straight lines with corners between them: the whole path turns, each stroke is a ruler's.
    const cornered = { ...PERSON, [B.turn]: [58, 0.4, 0.5], [B.straightness]: [8, 0.001, 0.001] };
    expect(behaviourReasons(summary(cornered))).toContain('pointer_synthetic');
    expect(behaviourReasons(summary(PERSON))).toEqual([]);
    // A page that measures no strokes is judged by the path's turn, as before.
    expect(
      behaviourReasons(summary({ ...PERSON, [B.straightness]: undefined, [B.turn]: [58, 0.005, 0.01] })),
    ).toContain('pointer_synthetic');
  });

  it('names mouse presses with no pressure (the DevTools protocol’s), not one stray press', () => {
    expect(behaviourReasons(summary({ ...PERSON, [B.pressless]: 3 }))).toContain('press_without_pressure');
    expect(behaviourReasons(summary({ ...PERSON, [B.pressless]: 1 }))).not.toContain('press_without_pressure');
    expect(behaviourReasons(summary(PERSON))).not.toContain('press_without_pressure');
  });

  it('names clicks aimed at the exact centre of their boxes, every approached one, two or more', () => {
    expect(behaviourReasons(summary({ ...PERSON, [B.centred]: 3 }))).toContain('click_centred');
    expect(behaviourReasons(summary({ ...PERSON, [B.centred]: 2 }))).not.toContain('click_centred');
    expect(behaviourReasons(summary({ ...PERSON, [B.approached]: 1, [B.centred]: 1 }))).not.toContain('click_centred');
  });

  it('names capitals whose Shift came with the letter, two or more and three in four', () => {
    expect(behaviourReasons(summary({ ...PERSON, [B.shifted]: 3, [B.chorded]: 3 }))).toContain('shift_chorded');
    expect(behaviourReasons(summary({ ...PERSON, [B.shifted]: 4, [B.chorded]: 3 }))).toContain('shift_chorded');
    expect(behaviourReasons(summary({ ...PERSON, [B.shifted]: 5, [B.chorded]: 3 }))).not.toContain('shift_chorded');
    expect(behaviourReasons(summary({ ...PERSON, [B.shifted]: 1, [B.chorded]: 1 }))).not.toContain('shift_chorded');
    expect(behaviourReasons(summary({ ...PERSON, [B.shifted]: 6, [B.chorded]: 2 }))).not.toContain('shift_chorded');
    expect(behaviourReasons(summary(PERSON))).not.toContain('shift_chorded');
  });

  it('names capitals typed without Shift, but not on a touch keyboard', () => {
    expect(behaviourReasons(summary({ ...PERSON, [B.shiftless]: 3 }))).toContain('key_without_shift');
    expect(behaviourReasons(summary({ ...PERSON, [B.shiftless]: 1 }))).not.toContain('key_without_shift');
    expect(behaviourReasons(summary({ ...PERSON, [B.shiftless]: 3, [B.touches]: 5 }))).not.toContain(
      'key_without_shift',
    );
  });
});
