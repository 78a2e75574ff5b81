import type { LightboxSettings } from '@waymark/protocol';
import type { ComponentType } from 'react';
import type { LightboxItem } from '../types.js';
import type { Path } from './input.js';

/** What the core hands each plugin. */
export interface ViewerApi {
  items: LightboxItem[];
  index: number;
  item: LightboxItem;
  settings: LightboxSettings;
  path: Path;
  canPrev: boolean;
  canNext: boolean;
  /** Moves to an index (ignored during a transition or where there is nothing). */
  go: (to: number) => void;
  fullscreen: boolean;
  toggleFullscreen: () => void;
  /** The dialog element and the content holder, once mounted. */
  root: HTMLDivElement | null;
  holder: HTMLDivElement | null;
  mobile: boolean;
  touch: boolean;
}

/** A feature of the lightbox: a component rendered in one of the core's slots. */
export interface ViewerPlugin {
  name: string;
  slot: 'toolbar' | 'holder' | 'strip' | 'footer';
  Component: ComponentType<{ api: ViewerApi }>;
}
