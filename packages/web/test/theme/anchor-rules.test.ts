import { describe, expect, it } from 'vitest';
import {
  ANCHOR_FIRST_MS,
  ANCHOR_SECOND_MS,
  anchorAction,
  crossPageTarget,
} from '../../src/features/theme/anchor-rules.js';

const here = new URL('https://site.test/pages/about?x=1');
const link = (href: string) => new URL(href, here);

describe('the anchor rules', () => {
  it('scroll in two phases, 400 ms then 450 ms', () => {
    expect([ANCHOR_FIRST_MS, ANCHOR_SECOND_MS]).toEqual([400, 450]);
  });

  it('scroll to a fragment on this page', () => {
    expect(anchorAction(link('#contact'), here, false)).toEqual({ kind: 'scroll', id: 'contact' });
    expect(anchorAction(link('/pages/about?x=1#contact'), here, false)).toEqual({ kind: 'scroll', id: 'contact' });
  });

  it("open another page of the site with '#_'", () => {
    expect(anchorAction(link('/pages/privacy#cookies'), here, false)).toEqual({
      kind: 'open',
      href: '/pages/privacy#_cookies',
    });
  });

  it("leave fragments starting with '!' or '/', empty ones, other sites and no-scroll links alone", () => {
    for (const href of ['#!/route', '#/gallery/2', '#', 'https://elsewhere.test/#top']) {
      expect(anchorAction(link(href), here, false)).toEqual({ kind: 'ignore' });
    }
    expect(anchorAction(link('#contact'), here, true)).toEqual({ kind: 'ignore' });
  });

  it("read a loaded page's '#_' marker, and nothing else", () => {
    expect(crossPageTarget('#_cookies')).toBe('cookies');
    expect(crossPageTarget('#cookies')).toBeNull();
    expect(crossPageTarget('#_')).toBeNull();
    expect(crossPageTarget('')).toBeNull();
  });
});
