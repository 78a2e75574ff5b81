import { lightboxSettings, type LightboxSettings } from '@waymark/protocol';
import type { ComponentType } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, vi } from 'vitest';
import type { LightboxItem } from '../../src/types.js';
import type { ViewerApi } from '../../src/viewer/api.js';

// Tell React that updates in these tests are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The lightbox settings with their defaults, changed as a test says. */
export const settingsWith = (changes: Partial<LightboxSettings> = {}): LightboxSettings => ({
  ...lightboxSettings.schema.parse({}),
  ...changes,
});

/** An item of a gallery, an image unless a test says otherwise. */
export const itemAt = (index: number, changes: Partial<LightboxItem> = {}): LightboxItem => ({
  url: `/media/${index}.jpg`,
  type: 'image',
  title: `Item ${index + 1}`,
  caption: '',
  extension: 'jpg',
  index,
  options: {},
  ...changes,
});

/** What the core hands a plugin, for a gallery of `count` images, with a spy for `go`. */
export function apiFor(count: number, changes: Partial<ViewerApi> = {}): ViewerApi {
  const items = changes.items ?? Array.from({ length: count }, (_, i) => itemAt(i));
  const index = changes.index ?? 0;
  return {
    items,
    index,
    item: items[index] as LightboxItem,
    settings: settingsWith(),
    path: 'vertical',
    canPrev: index > 0,
    canNext: index < items.length - 1,
    go: vi.fn(),
    fullscreen: false,
    toggleFullscreen: vi.fn(),
    root: null,
    holder: null,
    mobile: false,
    touch: false,
    ...changes,
  };
}

const mounted = new Set<() => void>();
afterEach(() => {
  for (const unmount of mounted) unmount();
  mounted.clear();
});

export interface Mounted {
  container: HTMLElement;
  /** Renders again with a new api, as the core does after every change. */
  update(api: ViewerApi): void;
  unmount(): void;
}

/**
 * Renders a plugin's component into the document, as the core renders it in its slot; it is
 * unmounted after the test.
 */
export function mount(Component: ComponentType<{ api: ViewerApi }>, api: ViewerApi): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  act(() => {
    root = createRoot(container);
    root.render(<Component api={api} />);
  });
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root?.unmount());
    container.remove();
  };
  mounted.add(unmount);
  return { container, update: (next) => act(() => root?.render(<Component api={next} />)), unmount };
}

/** Clicks an element inside act(), so React's updates land before the test goes on. */
export const click = (element: Element | null) => {
  if (!element) throw new Error('Nothing to click');
  act(() => (element as HTMLElement).click());
};

/** Advances the fake clock inside act(). */
export const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** Dispatches an event inside act(). */
export const fire = (target: EventTarget, event: Event) => act(() => void target.dispatchEvent(event));
