import { SIGNAL } from '@waymark/protocol/plain';
import { describe, expect, it, vi } from 'vitest';
import { Scope } from '../../src/core/events.js';
import { recordEnvironment, recordVisit, watchErrors, watchFirsts, watchPointer } from '../../src/core/signals.js';
import { createStore } from '../../src/core/store.js';
import { CHECKJS, stored, usePage } from '../page.js';

const store = () => createStore({ mode: 'none', known: Object.values(SIGNAL) });
const move = (x: number, y: number) => window.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y }));

describe('signals', () => {
  usePage();

  it('count page hits in one session id and keep the current page', () => {
    const s = store();
    recordVisit(s);
    recordVisit(s);
    expect(stored(SIGNAL.sessionId)).toMatch(/^[0-9a-f]{32}$/);
    expect(stored(SIGNAL.pageHits)).toBe(2);
    expect(stored(SIGNAL.currentPage)).toBe(location.href);
    expect(sessionStorage.getItem(`apbct:${SIGNAL.pageHits}`)).not.toBeNull();
  });

  it('keep the first outside referrer of the session and the previous one', () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://search.example/?q=bakery');
    const s = store();
    recordVisit(s);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://other.example/');
    recordVisit(s);
    expect(stored(SIGNAL.siteReferer)).toBe('https://search.example/?q=bakery');
    expect(stored(SIGNAL.prevReferer)).toBe('https://other.example/');
  });

  it('record page-set time, timezone, screen, the headless flag, check-js key and cookie type', () => {
    vi.spyOn(navigator, 'webdriver', 'get').mockReturnValue(true);
    recordEnvironment(store());
    expect(stored(SIGNAL.pageSet)).toBe(Date.now());
    expect(stored(SIGNAL.timezone)).toBe((0 - new Date().getTimezoneOffset()) / 60);
    expect(stored(SIGNAL.screen)).toEqual({
      fullWidth: screen.width,
      fullHeight: screen.height,
      visibleWidth: innerWidth,
      visibleHeight: innerHeight,
    });
    expect(stored(SIGNAL.headless)).toBe(true);
    expect(stored(SIGNAL.checkJs)).toBe(CHECKJS);
    expect(stored(SIGNAL.cookiesType)).toBe('none');
  });

  it('record the first key or mouse press once, then stop listening', () => {
    const scope = new Scope();
    watchFirsts(store(), scope);
    const first = Date.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new MouseEvent('mousedown'));
    expect(stored(SIGNAL.firstKeyPress)).toBe(first);
    scope.stop();
  });

  it('record mouse moved, scrolled, input focused and key up once each', () => {
    const scope = new Scope();
    const s = store();
    const set = vi.spyOn(s, 'set');
    watchFirsts(s, scope);
    document.body.innerHTML = '<input id="f"><div id="d" tabindex="0"></div>';
    document.getElementById('d')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(stored(SIGNAL.inputFocused)).toBeUndefined();
    for (let i = 0; i < 3; i += 1) {
      move(i, i);
      window.dispatchEvent(new Event('scroll'));
      window.dispatchEvent(new KeyboardEvent('keyup'));
      document.getElementById('f')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
    for (const name of [SIGNAL.mouseMoved, SIGNAL.scrolled, SIGNAL.keyUp, SIGNAL.inputFocused]) {
      expect(stored(name)).toBe(true);
      expect(set.mock.calls.filter(([n]) => n === name)).toHaveLength(1);
    }
    scope.stop();
  });

  it('sample the pointer once per 150 ms, write every 1200 ms, and stop at 50 points', () => {
    const scope = new Scope();
    watchPointer(store(), scope);
    move(10, 20);
    move(11, 21); // within the same 150 ms: not sampled
    expect(stored(SIGNAL.pointer)).toBeUndefined();
    vi.advanceTimersByTime(150);
    move(30, 40);
    vi.advanceTimersByTime(1_050);
    expect(stored(SIGNAL.pointer)).toEqual([
      [20, 10, 0],
      [40, 30, 150],
    ]);
    for (let i = 0; i < 80; i += 1) {
      vi.advanceTimersByTime(150);
      move(i, i);
    }
    expect(stored(SIGNAL.pointer)).toHaveLength(50);
    expect(vi.getTimerCount()).toBe(0);
    scope.stop();
  });

  it('keep the layer’s own errors, deduplicated by message, sampled at about 1 in 100', () => {
    const scope = new Scope();
    watchErrors(store(), scope);
    const fire = (message: string, filename: string) =>
      window.dispatchEvent(new ErrorEvent('error', { message, filename }));
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    fire('apbct failed', 'https://site.example/waymark/shield.js');
    expect(stored(SIGNAL.jsErrors)).toBeUndefined();
    random.mockReturnValue(0.005);
    fire('apbct failed', 'https://site.example/waymark/shield.js');
    fire('apbct failed', 'https://site.example/waymark/shield.js');
    fire('someone else failed', 'https://site.example/theme.js');
    expect(stored(SIGNAL.jsErrors)).toEqual([{ err: 'apbct failed', url: location.href, ts: Date.now() }]);
    scope.stop();
  });
});
