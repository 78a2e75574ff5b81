import { describe, expect, it } from 'vitest';
import { deviceKind } from '../../src/features/theme/device.js';
import { SHRINK_MS, SHRUNK_HEIGHT_PX, stickyAllowed, tallEnough } from '../../src/features/theme/sticky-header.js';

const rules = { sticky: true, sticky_tablet: false, sticky_mobile: false, shrink: true };

describe('the sticky header', () => {
  it('counts 768–1366 px upright and 768–1024 px sideways as a tablet', () => {
    expect(deviceKind(390, 844)).toBe('phone');
    expect(deviceKind(767, 1024)).toBe('phone');
    expect(deviceKind(768, 1024)).toBe('tablet');
    expect(deviceKind(800, 1200)).toBe('tablet');
    expect(deviceKind(1024, 1366)).toBe('tablet');
    expect(deviceKind(1366, 2000)).toBe('tablet');
    expect(deviceKind(1024, 768)).toBe('tablet');
    expect(deviceKind(1025, 768)).toBe('desktop');
    expect(deviceKind(1280, 900)).toBe('desktop');
    expect(deviceKind(1367, 2000)).toBe('desktop');
  });

  it('is off on tablets and phones unless their own setting is on', () => {
    expect(stickyAllowed(rules, 'desktop')).toBe(true);
    expect(stickyAllowed(rules, 'tablet')).toBe(false);
    expect(stickyAllowed(rules, 'phone')).toBe(false);
    expect(stickyAllowed({ ...rules, sticky_tablet: true }, 'tablet')).toBe(true);
    expect(stickyAllowed({ ...rules, sticky_mobile: true }, 'phone')).toBe(true);
    expect(stickyAllowed({ ...rules, sticky: false, sticky_mobile: true, sticky_tablet: true }, 'phone')).toBe(false);
  });

  it('shrinks in 300 ms to 65 px, only on a page tall enough', () => {
    expect(SHRINK_MS).toBe(300);
    expect(SHRUNK_HEIGHT_PX).toBe(65);
    // A 100 px header saves 35 px: a page that scrolls only a little more than that would stop.
    expect(tallEnough(900 + 120, 900, 100)).toBe(false);
    expect(tallEnough(900 + 400, 900, 100)).toBe(true);
  });
});
