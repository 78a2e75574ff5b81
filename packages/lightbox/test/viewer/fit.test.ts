import { describe, expect, it } from 'vitest';
import { fitBox, fitScale, fullViewPortOf, lengthOf, viewportBox } from '../../src/viewer/fit.js';

describe('fitting content to the holder', () => {
  it('scales down, never up, and never below the site minimum of 0.075', () => {
    expect(fitScale({ w: 2400, h: 1500 }, { w: 1200, h: 1000 })).toBe(0.5);
    expect(fitScale({ w: 300, h: 200 }, { w: 1200, h: 1000 })).toBe(1);
    expect(fitScale({ w: 100_000, h: 100 }, { w: 1000, h: 1000 })).toBe(0.075);
    expect(fitBox({ w: 2400, h: 1500 }, { w: 1200, h: 1000 })).toEqual({ w: 1200, h: 750 });
  });

  it('reads sizes as pixels or percentages', () => {
    expect(lengthOf(640, 1000, 1280)).toBe(640);
    expect(lengthOf('50%', 1000, 1280)).toBe(500);
    expect(lengthOf('720', 1000, 1280)).toBe(720);
    expect(lengthOf(undefined, 1000, 1280)).toBe(1280);
  });
});

describe('item options', () => {
  const area = { w: 1000, h: 600 };
  it('fullViewPort: fit scales up or down to the holder, fill and stretch take all of it', () => {
    expect(viewportBox({ w: 320, h: 240 }, area, 'fit')).toEqual({ w: 800, h: 600 });
    expect(viewportBox({ w: 4000, h: 1000 }, area, 'fit')).toEqual({ w: 1000, h: 250 });
    expect(viewportBox({ w: 320, h: 240 }, area, 'fill')).toEqual(area);
    expect(viewportBox({ w: 320, h: 240 }, area, 'stretch')).toEqual(area);
    // Without the option the picture keeps its size.
    expect(fitBox({ w: 320, h: 240 }, area)).toEqual({ w: 320, h: 240 });
    expect(fullViewPortOf('fill')).toBe('fill');
    expect(fullViewPortOf('cover')).toBeNull();
    expect(fullViewPortOf(undefined)).toBeNull();
  });
});
