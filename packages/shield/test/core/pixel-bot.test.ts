import { SIGNAL } from '@waymark/protocol/plain';
import { describe, expect, it, vi } from 'vitest';
import { readBlock } from '../../src/core/block.js';
import { startBotDetector } from '../../src/core/bot-detector.js';
import { Scope } from '../../src/core/events.js';
import { startPixel } from '../../src/core/pixel.js';
import { createStore } from '../../src/core/store.js';
import { configure, stored, usePage } from '../page.js';

const store = () => createStore({ mode: 'none', known: Object.values(SIGNAL) });
const TOKEN = 'ab'.repeat(32);

describe('pixel', () => {
  usePage();

  it('is fetched once, accepted only when it starts with https, drawn once and cached for 10800 s', async () => {
    configure({ bot_detector_enabled: 0 }, { pixel__setting: 2, pixel__enabled: true });
    const request = vi.fn(async () => 'https://site.example/waymark/pixel.gif');
    const s = store();
    await startPixel(s, request);
    await startPixel(s, request);
    expect(request).toHaveBeenCalledOnce();
    expect(document.querySelectorAll('img.apbct-pixel')).toHaveLength(1);
    expect(stored(SIGNAL.pixelUrl)).toBe('https://site.example/waymark/pixel.gif');
    document.body.innerHTML = '';
    vi.advanceTimersByTime(10_799_000);
    await startPixel(s, request);
    expect(request).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1_000);
    document.body.innerHTML = '';
    await startPixel(s, request);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('is refused when the answer is not https', async () => {
    configure({ bot_detector_enabled: 0 }, { pixel__setting: 2 });
    await startPixel(
      store(),
      vi.fn(async () => 'http://site.example/p.gif'),
    );
    expect(document.querySelector('img')).toBeNull();
  });

  it("is accepted over plain http from the site's own origin, which a plain-http install's pixel follows", async () => {
    configure({ bot_detector_enabled: 0 }, { pixel__setting: 2 });
    const own = `${location.origin}/waymark/pixel.gif`;
    expect(own.startsWith('http://')).toBe(true);
    await startPixel(
      store(),
      vi.fn(async () => own),
    );
    expect(document.querySelector('img.apbct-pixel')?.getAttribute('src')).toBe(own);
  });

  it('is not drawn with setting 3 and the bot detector on, nor with 0 or 1', async () => {
    const request = vi.fn(async () => 'https://site.example/p.gif');
    for (const setting of [0, 1, 3]) {
      configure({ bot_detector_enabled: 1 }, { pixel__setting: setting });
      await startPixel(store(), request);
    }
    expect(request).not.toHaveBeenCalled();
    configure({ bot_detector_enabled: 0 }, { pixel__setting: 3 });
    await startPixel(store(), request);
    expect(request).toHaveBeenCalledOnce();
  });
});

describe('bot detector', () => {
  usePage();

  it('checks every second for a token, keeps one only at 64 characters, and a submission spends it', async () => {
    const request = vi.fn().mockResolvedValueOnce({ event_token: 'short' }).mockResolvedValue({ event_token: TOKEN });
    const scope = new Scope();
    const s = store();
    s.set(SIGNAL.mouseMoved, true);
    const bot = startBotDetector(s, request, scope);
    await vi.advanceTimersByTimeAsync(999);
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledWith(
      { action: 'waymark_bot_detector', route: 'waymark_bot_detector' },
      { event_javascript_data: expect.objectContaining({ ct_mouse_moved: true }) },
    );
    expect(bot.token()).toBe('');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bot.token()).toBe(TOKEN);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(request).toHaveBeenCalledTimes(2);
    bot.spend();
    expect(bot.token()).toBe('');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(request).toHaveBeenCalledTimes(3);
    scope.stop();
  });

  it('keeps its token for 3600 s', async () => {
    const scope = new Scope();
    const bot = startBotDetector(store(), vi.fn().mockResolvedValue({ event_token: TOKEN }), scope);
    await vi.advanceTimersByTimeAsync(1_000);
    scope.stop();
    vi.advanceTimersByTime(3_599_000);
    expect(bot.token()).toBe(TOKEN);
    vi.advanceTimersByTime(1_000);
    expect(bot.token()).toBe('');
  });

  it('does nothing when it is off', async () => {
    configure({ bot_detector_enabled: 0 });
    const request = vi.fn();
    startBotDetector(store(), request, new Scope());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(request).not.toHaveBeenCalled();
  });

  it('writes its log every 1000 ms after a 1000 ms delay when the data log is on', async () => {
    configure({ data__frontend_data_log_enabled: 1 });
    const scope = new Scope();
    startBotDetector(store(), vi.fn().mockResolvedValue({ event_token: TOKEN }), scope);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stored(SIGNAL.botDetectorLog)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stored(SIGNAL.botDetectorLog)).toEqual([
      { t: Date.now() - 1_000, e: 'request' },
      { t: Date.now() - 1_000, e: 'token' },
    ]);
    scope.stop();
  });
});

describe('block replies', () => {
  it('are read in the protocol’s three shapes and nothing else', () => {
    expect(readBlock({ apbct: { blocked: true, comment: 'A', stop_script: 1 } })).toEqual({
      comment: 'A',
      stopScript: true,
    });
    expect(readBlock('{"blocked":true,"comment":"B"}')).toEqual({ comment: 'B', stopScript: false });
    expect(readBlock({ success: false, data: { message: 'C' } })).toEqual({ comment: 'C', stopScript: false });
    expect(readBlock({ success: true, data: { message: 'Saved.' } })).toBeNull();
    expect(readBlock({ blocked: false, comment: 'x' })).toBeNull();
    expect(readBlock('<html>')).toBeNull();
  });
});
