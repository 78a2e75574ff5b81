import { directorySettings } from '@waymark/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { longDescriptionRequest } from '../../../src/features/directory/use-item-popup.js';
import { buildModel } from '../../../src/features/directory/directory-model.js';
import { fixture } from './directory-fixture.js';

const item = buildModel(fixture()).items[0]!;
const settings = directorySettings.schema.parse({});

describe('the item popup request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the default ajax address for the long description with the popup flags', () => {
    const { url, fields } = longDescriptionRequest(item, { ...settings, upvotes: false, mailto: true });
    expect(url).toBe('/wp-admin/admin-ajax.php');
    expect(fields).toMatchObject({
      action: 'qcpd_load_long_description',
      post_id: String(item.id),
      meta_title: item.title,
      meta_link: item.url,
      popup_map: 'on',
      upvote: 'off',
      mailto: 'true',
      _ajax_nonce: '',
    });
    expect(Number(fields.no_cache)).toBeGreaterThanOrEqual(0);
  });

  it("takes the page's ajax address and nonce, a fresh nonce first", () => {
    vi.stubGlobal('ctPublicFunctions', { _ajax_url: '/site/wp-admin/admin-ajax.php', _ajax_nonce: 'a1b2c3d4e5' });
    expect(longDescriptionRequest(item, settings)).toMatchObject({
      url: '/site/wp-admin/admin-ajax.php',
      fields: { _ajax_nonce: 'a1b2c3d4e5' },
    });
    vi.stubGlobal('ctPublicFunctions', { _ajax_nonce: 'a1b2c3d4e5', _fresh_nonce: 'ffffffffff' });
    expect(longDescriptionRequest(item, settings).fields._ajax_nonce).toBe('ffffffffff');
  });
});
