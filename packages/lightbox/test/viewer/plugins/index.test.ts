import { describe, expect, it } from 'vitest';
import { pluginsFor } from '../../../src/viewer/plugins/index.js';
import { apiFor, settingsWith } from '../../support/viewer.js';

const names = (count: number, changes: Parameters<typeof settingsWith>[0] = {}) =>
  pluginsFor({ items: apiFor(count).items, settings: settingsWith(changes) }).map((p) => `${p.slot}:${p.name}`);

describe('the plugins the settings ask for', () => {
  it('are all six for a gallery with the default settings, each in its slot and order', () => {
    expect(names(3)).toEqual([
      'toolbar:slideshow',
      'toolbar:fullscreen',
      'holder:arrows',
      'strip:thumbnails',
      'holder:caption',
      'footer:social',
    ]);
  });

  it('leave the gallery controls and the side arrows out for a single item', () => {
    expect(names(1)).toEqual(['toolbar:fullscreen', 'holder:caption', 'footer:social']);
  });

  it('follow the gallery, arrows and social settings', () => {
    expect(names(3, { lightbox_gallery: false })).toEqual([
      'toolbar:fullscreen',
      'holder:arrows',
      'holder:caption',
      'footer:social',
    ]);
    expect(names(3, { lightbox_arrows: false, lightbox_social: false })).toEqual([
      'toolbar:slideshow',
      'toolbar:fullscreen',
      'strip:thumbnails',
      'holder:caption',
    ]);
  });
});
