import { BEHAVIOUR as B, SIGNAL, STEP_UP_ANSWER, TELL } from '@waymark/protocol/plain';
import { describe, expect, it, vi } from 'vitest';
import { watchBehaviour } from '../../src/core/behaviour.js';
import { Scope } from '../../src/core/events.js';
import { solveStepUp, stepUpOf } from '../../src/core/step-up.js';
import { createStore } from '../../src/core/store.js';
import { recordTells } from '../../src/core/tells.js';
import { stored, usePage } from '../page.js';

describe('automation tells', () => {
  usePage();

  it('name what the environment gives away, and nothing where a check cannot answer', () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 HeadlessChrome/131.0.0.0 Safari/537.36');
    recordTells(createStore({ mode: 'none', cookiePrefix: '', known: Object.values(SIGNAL) }));
    expect(stored(SIGNAL.tells)).toEqual(expect.arrayContaining([TELL.headlessUa]));
    // This test page has no WebGL and no attached protocol: no tell for either.
    expect(stored(SIGNAL.tells)).not.toContain(TELL.softwareGl);
  });

  it('find an attached automation protocol by the error stack it reads', () => {
    vi.spyOn(console, 'debug').mockImplementation((value: unknown) => void (value as Error).stack);
    recordTells(createStore({ mode: 'none', cookiePrefix: '', known: Object.values(SIGNAL) }));
    expect(stored(SIGNAL.tells)).toContain(TELL.cdp);
  });
});

describe('behaviour summary', () => {
  usePage();

  it('summarises keys, Tab focus and pastes, and names events a script made', () => {
    const store = createStore({ mode: 'none', cookiePrefix: '', known: Object.values(SIGNAL) });
    const scope = new Scope();
    const flush = watchBehaviour(store, scope);
    document.body.innerHTML = '<input name="a"><input name="b">';
    const [a] = document.querySelectorAll('input');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', code: 'Tab' }));
    a?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    for (const key of 'hello') {
      a?.dispatchEvent(new KeyboardEvent('keydown', { key, code: `Key${key.toUpperCase()}`, bubbles: true }));
      a?.dispatchEvent(new KeyboardEvent('keyup', { key, code: `Key${key.toUpperCase()}`, bubbles: true }));
    }
    a?.dispatchEvent(new Event('paste', { bubbles: true }));
    flush();
    const summary = stored(SIGNAL.behaviour) as Record<string, unknown>;
    expect((summary[B.keyHold] as number[])[0]).toBe(5);
    expect((summary[B.keyGap] as number[])[0]).toBe(4);
    expect(summary[B.focusTab]).toBe(1);
    expect(summary[B.pastes]).toBe(1);
    // dispatchEvent is a script's event, never a person's.
    expect(stored(SIGNAL.tells)).toContain(TELL.untrusted);
    scope.stop();
  });
});

describe('approached clicks', () => {
  usePage();

  it('count a press the hand moved to, however long it rested there; not one after a jump or a single move', () => {
    const store = createStore({ mode: 'none', cookiePrefix: '', known: Object.values(SIGNAL) });
    const scope = new Scope();
    const flush = watchBehaviour(store, scope);
    const pointer = (type: string, x: number, y: number) =>
      window.dispatchEvent(new PointerEvent(type, { pointerType: 'mouse', clientX: x, clientY: y }));
    // A hand: several moves onto the button, a rest of 3 s, the press.
    for (const [x, y] of [
      [10, 10],
      [40, 30],
      [80, 52],
      [100, 60],
    ] as const)
      pointer('pointermove', x, y);
    vi.advanceTimersByTime(3_000);
    pointer('pointerdown', 100, 60);
    // A script: one move, then the press; then a press somewhere the pointer never went.
    pointer('pointermove', 300, 200);
    pointer('pointerdown', 300, 200);
    for (const [x, y] of [
      [310, 200],
      [320, 210],
      [330, 220],
    ] as const)
      pointer('pointermove', x, y);
    pointer('pointerdown', 500, 400);
    flush();
    const summary = stored(SIGNAL.behaviour) as Record<string, unknown>;
    expect(summary[B.mouseClicks]).toBe(3);
    expect(summary[B.approached]).toBe(1);
    scope.stop();
  });
});

describe('step-up puzzle', () => {
  it('reads the puzzle of a step-up answer and finds its number', async () => {
    const salt = 'abc?expires=9999999999';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}42`));
    const challenge = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    const puzzle = { algorithm: 'SHA-256', challenge, maxnumber: 100, salt, signature: 'sig' };
    expect(stepUpOf({ apbct: { blocked: true }, [STEP_UP_ANSWER]: puzzle })).toEqual(puzzle);
    expect(stepUpOf({ apbct: { blocked: true } })).toBeNull();
    const answer = JSON.parse(atob(await solveStepUp(puzzle))) as Record<string, unknown>;
    expect(answer).toMatchObject({ number: 42, challenge, salt, signature: 'sig' });
  });
});
