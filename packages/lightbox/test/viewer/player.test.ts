import { describe, expect, it } from 'vitest';
import { commandMessage, embedAddress, helloMessage, isPlayerAnswer } from '../../src/viewer/player.js';

describe('embedded player messages', () => {
  it("speaks YouTube's IFrame API and Vimeo's postMessage API", () => {
    expect(JSON.parse(commandMessage('youtube', 'play'))).toEqual({
      event: 'command',
      func: 'playVideo',
      args: [],
      id: 1,
      channel: 'widget',
    });
    expect(JSON.parse(commandMessage('youtube', 'pause'))).toMatchObject({ func: 'pauseVideo' });
    expect(JSON.parse(commandMessage('youtube', 'mute'))).toMatchObject({ func: 'mute' });
    expect(JSON.parse(helloMessage('youtube'))).toEqual({ event: 'listening', id: 1, channel: 'widget' });
    expect(JSON.parse(commandMessage('vimeo', 'play'))).toEqual({ method: 'play' });
    expect(JSON.parse(commandMessage('vimeo', 'pause'))).toEqual({ method: 'pause' });
    expect(JSON.parse(commandMessage('vimeo', 'mute'))).toEqual({ method: 'setVolume', value: 0 });
    expect(JSON.parse(helloMessage('vimeo'))).toEqual({ method: 'ping' });
  });

  it('knows a player is there from its answers only', () => {
    expect(isPlayerAnswer('youtube', '{"event":"onReady","id":1}')).toBe(true);
    expect(isPlayerAnswer('youtube', '{"event":"infoDelivery","info":{}}')).toBe(true);
    expect(isPlayerAnswer('youtube', '{"event":"command"}')).toBe(false);
    expect(isPlayerAnswer('youtube', 'not json')).toBe(false);
    expect(isPlayerAnswer('vimeo', { event: 'ready' })).toBe(true);
    expect(isPlayerAnswer('vimeo', '{"method":"ping"}')).toBe(true);
    expect(isPlayerAnswer('vimeo', '{"event":"ready"}')).toBe(true);
    expect(isPlayerAnswer('vimeo', '{"event":"onReady"}')).toBe(false);
  });

  it('turns the API on in the YouTube embed address, for this page', () => {
    expect(embedAddress('youtube', 'https://www.youtube-nocookie.com/embed/', 'aqz-KE-bpKQ', 'http://a.test:8')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?enablejsapi=1&origin=http%3A%2F%2Fa.test%3A8',
    );
    expect(embedAddress('vimeo', 'https://player.vimeo.com/video/', '76979871', 'http://a.test')).toBe(
      'https://player.vimeo.com/video/76979871',
    );
  });
});
