import { SIGNAL } from '@waymark/protocol/plain';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../src/core/store.js';
import { stored, usePage } from '../page.js';

const known = Object.values(SIGNAL);

describe('storage modes', () => {
  usePage();

  it('none: local storage with the default liveness of 86400 s, session data per tab', () => {
    const store = createStore({ mode: 'none', known });
    store.set(SIGNAL.mouseMoved, true);
    store.set(SIGNAL.sessionId, 'abc');
    expect(localStorage.getItem('apbct:ct_mouse_moved')).toContain('"value":true');
    expect(sessionStorage.getItem('apbct:apbct_session_id')).toContain('"value":"abc"');
    expect(store.snapshot()).toEqual({ ct_mouse_moved: true, apbct_session_id: 'abc' });
    vi.advanceTimersByTime(86_399_000);
    expect(store.get(SIGNAL.mouseMoved)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(store.get(SIGNAL.mouseMoved)).toBeUndefined();
    expect(localStorage.getItem('apbct:ct_mouse_moved')).toBeNull();
  });

  it('none: a value may carry its own liveness', () => {
    const store = createStore({ mode: 'none', known });
    store.set(SIGNAL.pixelUrl, 'https://x.example/p.gif', 10_800);
    vi.advanceTimersByTime(10_799_000);
    expect(store.get(SIGNAL.pixelUrl)).toBe('https://x.example/p.gif');
    vi.advanceTimersByTime(1_000);
    expect(store.get(SIGNAL.pixelUrl)).toBeUndefined();
  });

  it('native: real cookies, path /, SameSite=Lax, secure on https', () => {
    // A cookie jar that keeps what the page writes, attributes included, as a browser would.
    const writes: string[] = [];
    const jar = new Map<string, string>();
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      const [pair = ''] = value.split(';');
      const at = pair.indexOf('=');
      if (/max-age=0(;|$)/.test(value)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), pair.slice(at + 1));
    });
    vi.spyOn(document, 'cookie', 'get').mockImplementation(() =>
      [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    );
    const store = createStore({ mode: 'native', known, cookiePrefix: 'wm_' });
    expect(store.mode).toBe('native');
    store.set(SIGNAL.screen, { fullWidth: 1 });
    expect(writes.at(-1)).toBe('wm_ct_screen_info=%7B%22fullWidth%22%3A1%7D; path=/; samesite=lax');
    expect(store.get(SIGNAL.screen)).toEqual({ fullWidth: 1 });
    expect(store.snapshot()).toEqual({ ct_screen_info: { fullWidth: 1 } });
    vi.spyOn(location, 'protocol', 'get').mockReturnValue('https:');
    store.set(SIGNAL.keyUp, true, 3_600);
    expect(writes.at(-1)).toBe('wm_ct_has_key_up=true; path=/; samesite=lax; max-age=3600; secure');
  });

  it('native falls back to alternative at run time when the browser keeps no cookies', () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    expect(createStore({ mode: 'native', known }).mode).toBe('alternative');
  });

  it('alternative: kept locally and sent to the server in batches', () => {
    const saveRemote = vi.fn();
    const store = createStore({ mode: 'alternative', known, saveRemote });
    store.set(SIGNAL.mouseMoved, true);
    store.set(SIGNAL.pageHits, 2);
    expect(saveRemote).not.toHaveBeenCalled();
    expect(stored(SIGNAL.mouseMoved)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(saveRemote).toHaveBeenCalledExactlyOnceWith({ ct_mouse_moved: true, apbct_page_hits: 2 });
  });
});
