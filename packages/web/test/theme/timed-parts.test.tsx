// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoSlide } from '../../src/features/slider/VideoSlide.js';
import { Alert, ALERT_SLIDE_MS } from '../../src/features/theme/Alert.js';

// React's act() outside a test renderer needs this flag.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  vi.useRealTimers();
});

const render = (node: React.ReactNode) => {
  root = createRoot(container);
  act(() => root?.render(node));
};

describe('a closed alert', () => {
  it('slides up for 300 ms, then leaves the page', () => {
    render(<Alert label="Site notice">Closed on Sunday</Alert>);
    const region = () => container.querySelector('[role="region"]');
    act(() => container.querySelector('button')?.click());
    expect(ALERT_SLIDE_MS).toBe(300);
    expect(region()?.hasAttribute('data-closing')).toBe(true);
    act(() => vi.advanceTimersByTime(299));
    expect(region()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(region()).toBeNull();
  });
});

describe('a video slide', () => {
  it('tells the slider it plays 300 ms after it starts, and not when it stops first', () => {
    const onVideo = vi.fn();
    const video = { provider: 'file', src: '/clip.webm', autoplay: false, mute: true, loop: false } as const;
    render(
      <VideoSlide
        video={video}
        title="Clip"
        active
        embedBases={{ youtube: 'https://y.test/', vimeo: 'https://v.test/' }}
        onVideo={onVideo}
      />,
    );
    const element = container.querySelector('video') as HTMLVideoElement;
    act(() => element.dispatchEvent(new Event('playing')));
    act(() => vi.advanceTimersByTime(299));
    expect(onVideo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onVideo).toHaveBeenCalledWith('play');

    onVideo.mockClear();
    act(() => element.dispatchEvent(new Event('playing')));
    act(() => element.dispatchEvent(new Event('pause')));
    act(() => vi.advanceTimersByTime(1000));
    expect(onVideo.mock.calls).toEqual([['pause']]);

    act(() => element.dispatchEvent(new Event('ended')));
    expect(onVideo).toHaveBeenLastCalledWith('ended');
  });
});
