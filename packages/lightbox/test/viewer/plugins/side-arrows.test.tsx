// @vitest-environment happy-dom
import { LIGHTBOX } from '@waymark/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SideArrows } from '../../../src/viewer/plugins/side-arrows.js';
import { advance, apiFor, click, fire, mount, type Mounted } from '../../support/viewer.js';

let view: Mounted | undefined;
const arrows = () => view?.container.querySelector<HTMLElement>('.wm-lb__arrows') ?? null;
const hidden = () => arrows()?.dataset.hidden;

describe('the side arrows', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hide after 3 s without mouse movement and come back when the mouse moves', () => {
    const root = document.createElement('div');
    view = mount(SideArrows, apiFor(3, { root }));
    advance(LIGHTBOX.arrowHideMs - 1);
    expect(hidden()).toBe('false');
    advance(1);
    expect(hidden()).toBe('true');
    fire(root, new MouseEvent('mousemove'));
    expect(hidden()).toBe('false');
    // Each movement starts the 3 s again.
    advance(2_000);
    fire(root, new MouseEvent('mousemove'));
    advance(2_000);
    expect(hidden()).toBe('false');
    advance(1_000);
    expect(hidden()).toBe('true');
  });

  it('never hide on touch devices', () => {
    view = mount(SideArrows, apiFor(3, { root: document.createElement('div'), touch: true }));
    advance(LIGHTBOX.arrowHideMs * 5);
    expect(hidden()).toBe('false');
  });

  it('move to the previous and next items, previous disabled at the first item', () => {
    const api = apiFor(3);
    view = mount(SideArrows, api);
    const [previous, next] = view.container.querySelectorAll('button');
    expect(previous?.className).toBe('wm-lb__arrow wm-lb__arrow--prev');
    expect(previous?.getAttribute('aria-label')).toBe('Previous');
    expect(previous?.disabled).toBe(true);
    expect(next?.disabled).toBe(false);
    click(next ?? null);
    expect(api.go).toHaveBeenCalledExactlyOnceWith(1);
  });
});
