// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ItemType } from '../../src/types.js';
import { Icon, typeIcon } from '../../src/viewer/icons.js';

describe('icons', () => {
  it('stand for a pictureless item by its type: a frame, lines of text, a warning or a play sign', () => {
    const types: ItemType[] = ['iframe', 'ajax', 'inline', 'html', 'flash', 'quicktime', 'video', 'image'];
    expect(Object.fromEntries(types.map((type) => [type, typeIcon(type)]))).toEqual({
      iframe: 'frame',
      ajax: 'frame',
      inline: 'text',
      html: 'text',
      flash: 'warning',
      quicktime: 'warning',
      video: 'play',
      image: 'image',
    });
  });

  it('are inline SVG hidden from assistive technology, with no text that needs a font', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToStaticMarkup(<Icon name="frame" />);
    const svg = host.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(host.textContent).toBe('');
  });
});
