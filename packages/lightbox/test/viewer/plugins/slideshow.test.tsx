// @vitest-environment happy-dom
import { LIGHTBOX } from '@waymark/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Slideshow } from '../../../src/viewer/plugins/slideshow.js';
import { advance, apiFor, click, fire, mount, settingsWith, type Mounted } from '../../support/viewer.js';

let view: Mounted | undefined;
const button = () => view?.container.querySelector<HTMLButtonElement>('.wm-lb__btn--play') ?? null;

describe('the slideshow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts paused unless autoplay is set', () => {
    const api = apiFor(3);
    view = mount(Slideshow, api);
    expect(button()?.getAttribute('aria-pressed')).toBe('false');
    expect(button()?.dataset.state).toBe('paused');
    advance(LIGHTBOX.slideshowPauseMs * 3);
    expect(api.go).not.toHaveBeenCalled();
  });

  it('with autoplay, advances to the next item after the pause time (5000 ms by default)', () => {
    const api = apiFor(3, { settings: settingsWith({ lightbox_autoplay: true }) });
    view = mount(Slideshow, api);
    expect(button()?.getAttribute('aria-pressed')).toBe('true');
    advance(LIGHTBOX.slideshowPauseMs - 1);
    expect(api.go).not.toHaveBeenCalled();
    advance(1);
    expect(api.go).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('plays and pauses with its button, after the configured pause time', () => {
    const api = apiFor(4, { index: 1, settings: settingsWith({ lightbox_slideshow_speed: 2_000 }) });
    view = mount(Slideshow, api);
    click(button());
    expect(button()?.dataset.state).toBe('playing');
    advance(2_000);
    expect(api.go).toHaveBeenCalledExactlyOnceWith(2);
    click(button());
    expect(button()?.dataset.state).toBe('paused');
    advance(10_000);
    expect(api.go).toHaveBeenCalledTimes(1);
  });

  it('wraps from the last item to the first, even without infinite looping', () => {
    const api = apiFor(3, { index: 2, settings: settingsWith({ lightbox_autoplay: true, lightbox_infinite: false }) });
    view = mount(Slideshow, api);
    advance(LIGHTBOX.slideshowPauseMs);
    expect(api.go).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('restarts its count after a manual change', () => {
    const settings = settingsWith({ lightbox_autoplay: true });
    const go = vi.fn();
    view = mount(Slideshow, apiFor(5, { settings, go }));
    advance(4_000);
    // A person moves to item 3: the core renders again with the new index.
    view.update(apiFor(5, { settings, go, index: 3 }));
    advance(4_000);
    expect(go).not.toHaveBeenCalled();
    advance(1_000);
    expect(go).toHaveBeenCalledExactlyOnceWith(4);
  });

  it('pauses while the pointer is over the content when configured, and resumes after', () => {
    const holder = document.createElement('div');
    const api = apiFor(3, {
      holder,
      settings: settingsWith({ lightbox_autoplay: true, lightbox_pause_on_hover: true }),
    });
    view = mount(Slideshow, api);
    advance(3_000);
    fire(holder, new PointerEvent('pointerenter'));
    expect(button()?.dataset.state).toBe('held');
    advance(20_000);
    expect(api.go).not.toHaveBeenCalled();
    fire(holder, new PointerEvent('pointerleave'));
    expect(button()?.dataset.state).toBe('playing');
    advance(LIGHTBOX.slideshowPauseMs - 1);
    expect(api.go).not.toHaveBeenCalled();
    advance(1);
    expect(api.go).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('does not pause on hover unless configured', () => {
    const holder = document.createElement('div');
    const api = apiFor(3, { holder, settings: settingsWith({ lightbox_autoplay: true }) });
    view = mount(Slideshow, api);
    fire(holder, new PointerEvent('pointerenter'));
    advance(LIGHTBOX.slideshowPauseMs);
    expect(api.go).toHaveBeenCalledExactlyOnceWith(1);
  });
});
