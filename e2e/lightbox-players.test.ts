import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIGHTBOX } from '@waymark/protocol';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../tools/start-server.js';
import type { TrackedPage } from './support/browser.js';
import { dialog, openWithClock, setLightboxSettings, visit } from './support/lightbox.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Player commands posted to the embedded YouTube and Vimeo players. The players are pages of a
 * real HTTP server on the loopback address, set as the embed hosts; their script records every
 * message it receives and answers as the real player does once it is "ready" (after a number of
 * knocks the test chooses). Playwright's clock drives the retries.
 */

/** The player page: records messages, and answers the `answerAfter`-th hello (0: never). */
const playerPage = (answerAfter: number) => `<!doctype html><html lang="en"><title>Player</title><p>Player</p><script>
window.received = [];
let hellos = 0;
const youtube = location.pathname.startsWith('/embed/');
addEventListener('message', (event) => {
  received.push({ data: typeof event.data === 'string' ? event.data : JSON.stringify(event.data), origin: event.origin });
  let message;
  try { message = typeof event.data === 'string' ? JSON.parse(event.data) : event.data; } catch { return; }
  const hello = youtube ? message.event === 'listening' : message.method === 'ping';
  if (!hello || ++hellos !== ${answerAfter}) return;
  const answer = youtube ? { event: 'onReady', id: message.id, channel: 'widget' } : { event: 'ready', player_id: '' };
  event.source.postMessage(JSON.stringify(answer), event.origin);
});
</script></html>`;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Received {
  data: string;
  origin: string;
}

describe('embedded player commands', () => {
  const { browser } = withBrowser();
  let server: RunningServer;
  let players: Server;
  let playerOrigin = '';
  let answerAfter = 0;
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ SEED_ITEMS: '3' });
    players = createServer((req, res) => {
      if (req.url?.startsWith('/vi/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url?.startsWith('/oembed.json')) {
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        return res.end('{}');
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(playerPage(answerAfter));
    });
    await new Promise<void>((resolve) => players.listen(0, '127.0.0.1', resolve));
    playerOrigin = `http://127.0.0.1:${(players.address() as AddressInfo).port}`;
    await setLightboxSettings(server.dataDir, {
      lightbox_youtube_embed: `${playerOrigin}/embed/`,
      lightbox_vimeo_player: `${playerOrigin}/video/`,
      // The thumbnail strip asks for the videos' thumbnails: here too (Vimeo's answer has none).
      lightbox_youtube_thumbnail: `${playerOrigin}/vi/`,
      lightbox_vimeo_oembed: `${playerOrigin}/oembed.json`,
      lightbox_vimeo_thumbnail_origin: playerOrigin,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => players?.close(resolve));
  });

  async function openPlayer(link: RegExp, answer: number): Promise<Frame> {
    answerAfter = answer;
    tracked = await visit(browser(), `${server.url}/gallery`, {}, true);
    page = tracked.page;
    await openWithClock(page, link);
    await page.locator('.wm-lb__slide[data-status="ready"] iframe').waitFor();
    const frame = page.frames().find((f) => f.url().startsWith(playerOrigin));
    if (!frame) throw new Error('No player frame');
    return frame;
  }
  const received = (frame: Frame) => frame.evaluate(() => (window as unknown as { received: Received[] }).received);
  const parsed = async (frame: Frame) =>
    (await received(frame)).map((r) => JSON.parse(r.data) as { event?: string; func?: string; method?: string });
  const count = async (frame: Frame, what: (m: { event?: string; func?: string; method?: string }) => boolean) =>
    (await parsed(frame)).filter(what).length;
  const listening = (m: { event?: string }) => m.event === 'listening';
  const play = (m: { func?: string }) => m.func === 'playVideo';
  async function done() {
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  }

  it('asks YouTube to play every 325 ms until it answers, then plays, and pauses on close', async () => {
    const frame = await openPlayer(/^YouTube$/, 3);
    expect(frame.url()).toBe(
      `${playerOrigin}/embed/aqz-KE-bpKQ?enablejsapi=1&origin=${encodeURIComponent(new URL(server.url).origin)}`,
    );
    await expect.poll(() => count(frame, listening)).toBe(1);
    expect(await count(frame, play)).toBe(1);
    await page.clock.runFor(LIGHTBOX.youtubeAutoplayRetryMs - 1);
    expect(await count(frame, listening)).toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => count(frame, listening)).toBe(2);
    await page.clock.runFor(LIGHTBOX.youtubeAutoplayRetryMs);
    // The third knock is answered: one more play, and no more knocks.
    await expect.poll(() => count(frame, play)).toBe(4);
    await page.clock.runFor(LIGHTBOX.youtubeAutoplayRetryMs * 4);
    expect(await count(frame, listening)).toBe(3);
    expect(await count(frame, play)).toBe(4);
    expect(await parsed(frame)).toContainEqual({
      event: 'command',
      func: 'playVideo',
      args: [],
      id: 1,
      channel: 'widget',
    });
    // Sent to the player's origin only, from this page.
    expect(new Set((await received(frame)).map((r) => r.origin))).toEqual(new Set([new URL(server.url).origin]));

    await page.keyboard.press('Escape');
    await expect.poll(async () => (await parsed(frame)).at(-1)?.func).toBe('pauseVideo');
    await page.clock.runFor(LIGHTBOX.showHideMs);
    await dialog(page).waitFor({ state: 'detached' });
    await done();
  });

  it('gives up on a YouTube player that never answers after 5 attempts', async () => {
    const frame = await openPlayer(/^YouTube$/, 0);
    await expect.poll(() => count(frame, listening)).toBe(1);
    for (let attempt = 2; attempt <= LIGHTBOX.youtubeAutoplayRetries; attempt++) {
      await page.clock.runFor(LIGHTBOX.youtubeAutoplayRetryMs);
      await expect.poll(() => count(frame, listening)).toBe(attempt);
    }
    await page.clock.runFor(LIGHTBOX.youtubeAutoplayRetryMs * 10);
    expect(await count(frame, listening)).toBe(LIGHTBOX.youtubeAutoplayRetries);
    expect(await count(frame, play)).toBe(LIGHTBOX.youtubeAutoplayRetries);
    await done();
  });

  it('polls Vimeo every 50 ms until it is ready, then plays, and pauses on close', async () => {
    const frame = await openPlayer(/^Vimeo$/, 4);
    expect(frame.url()).toBe(`${playerOrigin}/video/76979871`);
    const ping = (m: { method?: string }) => m.method === 'ping';
    await expect.poll(() => count(frame, ping)).toBe(1);
    expect(await count(frame, (m) => m.method === 'play')).toBe(0);
    for (let poll = 2; poll <= 4; poll++) {
      await page.clock.runFor(LIGHTBOX.vimeoPollMs);
      await expect.poll(() => count(frame, ping)).toBe(poll);
    }
    await expect.poll(() => count(frame, (m) => m.method === 'play')).toBe(1);
    await page.clock.runFor(LIGHTBOX.vimeoPollMs * 10);
    expect(await count(frame, ping)).toBe(4);

    await page.keyboard.press('Escape');
    await expect.poll(async () => (await parsed(frame)).at(-1)?.method).toBe('pause');
    await page.clock.runFor(LIGHTBOX.showHideMs);
    await dialog(page).waitFor({ state: 'detached' });
    await done();
  });
});
