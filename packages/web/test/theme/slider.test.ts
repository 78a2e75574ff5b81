import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { embedCommand, playerEvent } from '../../src/features/slider/embed-player.js';
import { ELASTIC_THUMB_MAX_PX, emblaDuration, sliderConfig } from '../../src/features/slider/slider-config.js';
import {
  mayPlay,
  PAUSE_AFTER_PLAY_MS,
  retryPlay,
  sliderOnVideo,
  videoOnSlideChange,
  YOUTUBE_PLAY_ATTEMPTS,
  YOUTUBE_RETRY_MS,
} from '../../src/features/slider/video-rules.js';

const base = { animation: 'sides', thumb_max_width: ELASTIC_THUMB_MAX_PX } as const;

describe('the sliders', () => {
  it('run the content slider every 3000 ms at 500 ms, its variant 7000/600', () => {
    expect(sliderConfig({ ...base, kind: 'content' }, false)).toMatchObject({
      autoplay: true,
      interval: 3000,
      speed: 500,
      thumbMaxWidth: 0,
    });
    expect(sliderConfig({ ...base, kind: 'content-slow' }, false)).toMatchObject({ interval: 7000, speed: 600 });
  });

  it("give the elastic slider 3000 ms, 800 ms, 150 px thumbnails, 'sides' and no autoplay", () => {
    expect(sliderConfig({ ...base, kind: 'elastic' }, false)).toEqual({
      kind: 'elastic',
      autoplay: false,
      interval: 3000,
      speed: 800,
      animation: 'sides',
      thumbMaxWidth: 150,
    });
  });

  it('take what the settings say, and turn autoplay off with reduced motion', () => {
    expect(sliderConfig({ ...base, kind: 'elastic', autoplay: true, interval: 5000 }, false)).toMatchObject({
      autoplay: true,
      interval: 5000,
    });
    expect(sliderConfig({ ...base, kind: 'content' }, true).autoplay).toBe(false);
  });

  it("turn a speed in ms into Embla's duration in frames", () => {
    expect(emblaDuration(500)).toBe(30);
    expect(emblaDuration(800)).toBe(48);
  });
});

describe('video slides', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const flags = { provider: 'file', autoplay: true, mute: true, loop: false } as const;

  it('play on the active slide when autoplay is yes, pause elsewhere', () => {
    expect(videoOnSlideChange(flags, true)).toBe('play');
    expect(videoOnSlideChange({ ...flags, autoplay: false }, true)).toBe('none');
    expect(videoOnSlideChange(flags, false)).toBe('pause');
  });

  it('pause the slider while playing or buffering, resume it on pause, go on or loop at the end', () => {
    expect(sliderOnVideo('play', false)).toBe('pause');
    expect(sliderOnVideo('waiting', false)).toBe('pause');
    expect(sliderOnVideo('pause', false)).toBe('resume');
    expect(sliderOnVideo('ended', false)).toBe('next');
    expect(sliderOnVideo('ended', true)).toBe('replay');
    expect(PAUSE_AFTER_PLAY_MS).toBe(300);
  });

  it('ask YouTube to play up to 5 times, 325 ms apart', async () => {
    expect([YOUTUBE_PLAY_ATTEMPTS, YOUTUBE_RETRY_MS]).toEqual([5, 325]);
    const send = vi.fn();
    const { done } = retryPlay(send, () => false);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(324);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(325 * 10);
    expect(send).toHaveBeenCalledTimes(5);
    await expect(done).resolves.toBe(false);
  });

  it('stop asking once the player plays, or when cancelled', async () => {
    let playing = false;
    const send = vi.fn();
    const first = retryPlay(send, () => playing);
    vi.advanceTimersByTime(325);
    playing = true;
    vi.advanceTimersByTime(325);
    await expect(first.done).resolves.toBe(true);
    expect(send).toHaveBeenCalledTimes(2);

    const second = retryPlay(send, () => false);
    second.cancel();
    vi.advanceTimersByTime(5000);
    await expect(second.done).resolves.toBe(false);
  });

  it('wait for consent for YouTube and Vimeo when a consent function exists', async () => {
    await expect(mayPlay('youtube', undefined)).resolves.toBe(true);
    await expect(mayPlay('vimeo', () => false)).resolves.toBe(false);
    await expect(mayPlay('youtube', () => Promise.resolve(true))).resolves.toBe(true);
    await expect(mayPlay('file', () => false)).resolves.toBe(true);
  });

  it("speak the players' messages", () => {
    expect(JSON.parse(embedCommand('youtube', 'play'))).toMatchObject({ event: 'command', func: 'playVideo' });
    expect(JSON.parse(embedCommand('vimeo', 'mute'))).toEqual({ method: 'setVolume', value: 0 });
    expect(playerEvent('youtube', JSON.stringify({ event: 'onStateChange', info: 3 }))).toBe('waiting');
    expect(playerEvent('youtube', JSON.stringify({ event: 'infoDelivery', info: { playerState: 0 } }))).toBe('ended');
    expect(playerEvent('vimeo', JSON.stringify({ event: 'bufferstart' }))).toBe('waiting');
    expect(playerEvent('vimeo', 'not json')).toBeNull();
  });
});
