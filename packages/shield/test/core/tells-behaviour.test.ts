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

describe('behaviour bound to what issue 26 asks of it', () => {
  usePage();
  const start = () => {
    const store = createStore({ mode: 'none', cookiePrefix: '', known: Object.values(SIGNAL) });
    const scope = new Scope();
    return { flush: watchBehaviour(store, scope), scope };
  };
  const key = (target: EventTarget | undefined, k: string, init: KeyboardEventInit = {}) => {
    target?.dispatchEvent(
      new KeyboardEvent('keydown', { key: k, code: `Key${k.toUpperCase()}`, bubbles: true, ...init }),
    );
    target?.dispatchEvent(
      new KeyboardEvent('keyup', { key: k, code: `Key${k.toUpperCase()}`, bubbles: true, ...init }),
    );
  };

  it('times key gaps per field and per burst: the move to another field is no gap', () => {
    const { flush, scope } = start();
    document.body.innerHTML = '<input name="a"><input name="b">';
    const [a, b] = document.querySelectorAll('input');
    a?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    for (const k of 'abc') key(a, k);
    b?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    for (const k of 'de') key(b, k);
    flush();
    // Two gaps in the first field, one in the second; none across.
    expect(((stored(SIGNAL.behaviour) as Record<string, number[]>)[B.keyGap] ?? [])[0]).toBe(3);
    scope.stop();
  });

  it('counts capitals typed with neither Shift nor Caps Lock, and not those typed with Shift', () => {
    const { flush, scope } = start();
    document.body.innerHTML = '<input name="a">';
    const a = document.querySelector('input') ?? undefined;
    key(a, 'H');
    key(a, 'W');
    key(a, 'A', { shiftKey: true });
    key(a, 'b');
    flush();
    expect((stored(SIGNAL.behaviour) as Record<string, unknown>)[B.shiftless]).toBe(2);
    scope.stop();
  });

  it('counts capitals typed with Shift, and those whose Shift went down with the letter; not in a password', () => {
    const { flush, scope } = start();
    document.body.innerHTML = '<input name="a"><input name="p" type="password">';
    const [a, p] = document.querySelectorAll('input');
    const shift = (target: EventTarget | undefined) =>
      target?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', code: 'ShiftLeft', bubbles: true }));
    // A hand: Shift first, the letter a while later.
    shift(a);
    vi.advanceTimersByTime(80);
    key(a, 'H', { shiftKey: true });
    // A tool: Shift and the letter at once.
    shift(a);
    key(a, 'W', { shiftKey: true });
    shift(p);
    key(p, 'Q', { shiftKey: true });
    flush();
    const behaviour = stored(SIGNAL.behaviour) as Record<string, unknown>;
    expect(behaviour[B.shifted]).toBe(2);
    expect(behaviour[B.chorded]).toBe(1);
    scope.stop();
  });

  it('measures each stroke’s straightness: a ruler line is 0, a hand’s arc more', () => {
    const { flush, scope } = start();
    const move = (x: number, y: number) => {
      window.dispatchEvent(new PointerEvent('pointermove', { pointerType: 'mouse', clientX: x, clientY: y }));
      vi.advanceTimersByTime(16);
    };
    for (let i = 0; i <= 10; i += 1) move(100 + i * 20, 100);
    vi.advanceTimersByTime(400);
    for (let i = 0; i <= 10; i += 1) move(100 + i * 20, 300 + Math.sin((i / 10) * Math.PI) * 60);
    vi.advanceTimersByTime(400);
    window.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse', clientX: 300, clientY: 300 }));
    flush();
    const [count, mean, sd] = (stored(SIGNAL.behaviour) as Record<string, number[]>)[B.straightness] ?? [];
    expect(count).toBe(2);
    // One stroke 0, the other about 0.2: their mean and spread say both.
    expect(mean).toBeGreaterThan(0.05);
    expect(sd).toBeGreaterThan(0.05);
    scope.stop();
  });
});

describe('approached clicks', () => {
  usePage();

  it('count a press the hand moved to, however long it rested there; not one after a jump or a single move; and presses with no pressure', () => {
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
    // In Chromium on Linux: pressed with a mouse's 0.5, then twice with the protocol's 0; a
    // touch's 0 is not a mouse's. In Firefox on a Mac a tap-to-click's 0 says nothing.
    const agent = vi.spyOn(navigator, 'userAgent', 'get');
    const press = (init: PointerEventInit) =>
      window.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse', buttons: 1, ...init }));
    agent.mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    );
    press({ pressure: 0.5 });
    press({ pressure: 0 });
    press({});
    press({ pointerType: 'touch', pressure: 0 });
    agent.mockReturnValue('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0');
    press({ pressure: 0 });
    agent.mockRestore();
    flush();
    const summary = stored(SIGNAL.behaviour) as Record<string, unknown>;
    expect(summary[B.mouseClicks]).toBe(7);
    expect(summary[B.approached]).toBe(1);
    expect(summary[B.pressless]).toBe(2);
    scope.stop();
  });

  it('count approached presses on the centre of a box big enough to miss it', () => {
    const store = createStore({ mode: 'none', cookiePrefix: '', known: Object.values(SIGNAL) });
    const scope = new Scope();
    const flush = watchBehaviour(store, scope);
    const box = (width: number, height: number) => {
      const element = document.body.appendChild(document.createElement('input'));
      element.getBoundingClientRect = () => new DOMRect(100, 50, width, height);
      return element;
    };
    const field = box(300, 40);
    const dot = box(10, 10);
    const pressAt = (target: Element, x: number, y: number) => {
      for (const step of [30, 20, 10, 0])
        window.dispatchEvent(new PointerEvent('pointermove', { pointerType: 'mouse', clientX: x - step, clientY: y }));
      target.dispatchEvent(
        new PointerEvent('pointerdown', { pointerType: 'mouse', clientX: x, clientY: y, bubbles: true }),
      );
    };
    // The middle (250, 70), half a pixel off it, a hand's aim 9 px off, and a box too small to say.
    pressAt(field, 250, 70);
    pressAt(field, 250.5, 69.5);
    pressAt(field, 241, 66);
    pressAt(dot, 105, 55);
    flush();
    const summary = stored(SIGNAL.behaviour) as Record<string, unknown>;
    expect(summary[B.approached]).toBe(4);
    expect(summary[B.centred]).toBe(2);
    scope.stop();
  });
});

describe('step-up puzzle', () => {
  it('reads the puzzle of a step-up answer and finds its number', async () => {
    const salt = 'abc?expires=9999999999';
    const e = new TextEncoder();
    const key = await crypto.subtle.importKey('raw', e.encode(`${salt}42`), 'PBKDF2', false, ['deriveBits']);
    const params = { name: 'PBKDF2', hash: 'SHA-256', salt: e.encode(salt), iterations: 10 };
    const bits = await crypto.subtle.deriveBits(params, key, 256);
    const challenge = Array.from(new Uint8Array(bits), (b) => b.toString(16).padStart(2, '0')).join('');
    const puzzle = { algorithm: 'PBKDF2-SHA-256', challenge, maxnumber: 100, cost: 10, salt, signature: 'sig' };
    expect(stepUpOf({ apbct: { blocked: true }, [STEP_UP_ANSWER]: puzzle })).toEqual(puzzle);
    expect(stepUpOf({ apbct: { blocked: true } })).toBeNull();
    const answer = JSON.parse(atob(await solveStepUp(puzzle))) as Record<string, unknown>;
    expect(answer).toMatchObject({ number: 42, challenge, salt, signature: 'sig' });
  });
});
