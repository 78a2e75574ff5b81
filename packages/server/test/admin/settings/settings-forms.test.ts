import {
  accountsSettings,
  directorySettings,
  lightboxSettings,
  liveSearchSettings,
  mapSettings,
  shieldSettings,
  type SettingsField,
} from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSetting } from '../../../src/settings/store.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { DIALECTS } from '../../support/storage.js';
import { doneOf, getAs, pageData, postAs, refusal, signInStaff, visitor, type Person } from '../back-office/staff.js';
import { webDistEnv } from '../../mail/env.js';

interface SettingsPage {
  objects: { key: string; label: string }[];
  current: { key: string };
  fields: SettingsField[];
  errors: Record<string, string>;
}

const flat = (fields: SettingsField[]): SettingsField[] =>
  fields.flatMap((field) => (field.kind === 'group' ? flat(field.fields) : [field]));

/** The form as a browser would send it unchanged: checked boxes only, every other field's value. */
function asPosted(fields: SettingsField[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const field of flat(fields)) {
    if (field.kind === 'boolean') {
      if (field.value) out[field.name] = 'on';
    } else if (field.kind === 'choices') {
      out[field.name] = field.value;
    } else if (field.kind !== 'group') {
      out[field.name] = field.value;
    }
  }
  return out;
}

describe.each(DIALECTS)('the back office settings forms on %s', (dialect) => {
  let t: TestApp;
  let admin: Person;
  let editor: Person;
  let member: Person;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: webDistEnv() });
    ({ admin, editor, member } = await signInStaff(t, 'settings.test'));
  });
  afterAll(async () => t.close());

  const form = async (key: string): Promise<SettingsPage> => {
    const response = await getAs(t, admin, `/admin/settings/${key}`);
    expect(response.statusCode).toBe(200);
    return pageData(response.body) as unknown as SettingsPage;
  };

  it('offers a form for every settings object, each field of the kind its schema says', async () => {
    const first = await getAs(t, admin, '/admin/settings');
    expect(first.statusCode).toBe(303);
    const page = await form('directory');
    const keys = page.objects.map((o) => o.key);
    for (const def of [
      directorySettings,
      mapSettings,
      lightboxSettings,
      liveSearchSettings,
      shieldSettings,
      accountsSettings,
    ]) {
      expect(keys).toContain(def.key);
    }
    const byName = (fields: SettingsField[], name: string) => flat(fields).find((f) => f.name === name);
    expect(byName(page.fields, 'upvotes')).toMatchObject({ kind: 'boolean', value: true });
    expect(byName(page.fields, 'perPage')).toMatchObject({
      kind: 'number',
      min: 1,
      max: 500,
      integer: true,
      value: '12',
    });
    expect(byName(page.fields, 'noResultsText')).toMatchObject({ kind: 'text', maxLength: 500 });
    const map = await form('map');
    expect(byName(map.fields, 'map_position')).toMatchObject({ kind: 'select', options: ['top', 'right'] });
    expect(byName(map.fields, 'latitude')).toMatchObject({ kind: 'number', integer: false, min: -90, max: 90 });
    const shield = await form('shield');
    expect(byName(shield.fields, 'pixel')).toMatchObject({ kind: 'select', options: ['0', '1', '2', '3'], value: '3' });
    expect(byName(shield.fields, 'blockedWords')).toMatchObject({ kind: 'lines', value: '' });
    const accounts = await form('accounts');
    expect(byName(accounts.fields, 'captcha.signIn')).toMatchObject({ kind: 'select', value: 'when-in-doubt' });
    const lightbox = await form('lightbox');
    expect(byName(lightbox.fields, 'lightbox_social_links')).toMatchObject({ kind: 'json' });
    expect(byName(lightbox.fields, 'lightbox_animation_speed')).toMatchObject({
      kind: 'text',
      options: ['fast', 'normal', 'slow'],
    });
    const search = await form('live_search');
    expect(byName(search.fields, 'post_types')).toMatchObject({
      kind: 'choices',
      options: ['page', 'article', 'item'],
    });
    expect((await getAs(t, admin, '/admin/settings/nothing-here')).statusCode).toBe(404);
  });

  it('saves every object posted back unchanged, so the generated forms round-trip', async () => {
    const page = await form('directory');
    for (const { key } of page.objects) {
      const before = await form(key);
      const response = await postAs(t, admin, `/admin/settings/${key}`, asPosted(before.fields));
      expect(response.statusCode, `${key}: ${response.body.slice(0, 300)}`).toBe(303);
      expect((await form(key)).fields).toEqual(before.fields);
    }
  });

  it('saves a change, read back by the next page, with numbers, lines and nested fields read by their kind', async () => {
    const directory = asPosted((await form('directory')).fields);
    delete directory.upvotes;
    const saved = await postAs(t, admin, '/admin/settings/directory', {
      ...directory,
      perPage: '30',
      noResultsText: 'Nothing <b>here</b>',
    });
    expect(saved.statusCode).toBe(303);
    expect(doneOf(saved.headers.location)).toContain('saved');
    const stored = await readSetting(t.app.storage, directorySettings);
    expect(stored).toMatchObject({ perPage: 30, upvotes: false, noResultsText: 'Nothing <b>here</b>' });

    const shield = asPosted((await form('shield')).fields);
    await postAs(t, admin, '/admin/settings/shield', { ...shield, blockedWords: 'casino\n\n  pills  \n', pixel: '1' });
    expect(await readSetting(t.app.storage, shieldSettings)).toMatchObject({
      blockedWords: ['casino', 'pills'],
      pixel: 1,
    });
    // This instance's copy in memory follows at once.
    expect(t.app.shield.settings().blockedWords).toEqual(['casino', 'pills']);

    const accounts = asPosted((await form('accounts')).fields);
    await postAs(t, admin, '/admin/settings/accounts', { ...accounts, 'captcha.signIn': 'off' });
    expect((await readSetting(t.app.storage, accountsSettings)).captcha).toEqual({
      registration: 'when-in-doubt',
      signIn: 'off',
      contactOwner: 'when-in-doubt',
    });
  });

  it("refuses bad values with the schema's reason by each field, and keeps what was stored", async () => {
    const before = await readSetting(t.app.storage, mapSettings);
    const map = asPosted((await form('map')).fields);
    const response = await postAs(t, admin, '/admin/settings/map', {
      ...map,
      zoom: '999',
      latitude: 'north',
      map_position: 'left',
      circleColour: 'red',
      directionsUrl: 'javascript:alert(1)',
    });
    expect(response.statusCode).toBe(400);
    const page = pageData(response.body) as unknown as SettingsPage;
    expect(Object.keys(page.errors).sort()).toEqual([
      'circleColour',
      'directionsUrl',
      'latitude',
      'map_position',
      'zoom',
    ]);
    // The form comes back as it was sent, for the administrator to correct.
    expect(flat(page.fields).find((f) => f.name === 'latitude')).toMatchObject({ value: 'north' });
    expect(await readSetting(t.app.storage, mapSettings)).toEqual(before);

    const lightbox = asPosted((await form('lightbox')).fields);
    const json = await postAs(t, admin, '/admin/settings/lightbox', {
      ...lightbox,
      lightbox_social_links: '[{"network":1}',
    });
    expect(json.statusCode).toBe(400);
    expect((pageData(json.body) as unknown as SettingsPage).errors.lightbox_social_links).toBeTruthy();
  });

  it('tells every instance: the settings-change counter rises with each save', async () => {
    const before = await t.app.state.get('settings:version');
    await postAs(t, admin, '/admin/settings/live_search', asPosted((await form('live_search')).fields));
    expect(await t.app.state.get('settings:version')).toBe(before + 1);
  });

  it('is for administrators only: editors, members and visitors are refused every page and post', async () => {
    const before = await readSetting(t.app.storage, directorySettings);
    for (const who of [editor, member]) {
      expect(refusal(await getAs(t, who, '/admin/settings')).status).toBe(403);
      expect(refusal(await getAs(t, who, '/admin/settings/directory')).status).toBe(403);
      expect(refusal(await postAs(t, who, '/admin/settings/directory', { perPage: '99' })).status).toBe(403);
    }
    const anonymous = visitor(t);
    expect(refusal(await getAs(t, anonymous, '/admin/settings/directory')).link).toBe(
      '/login?next=%2Fadmin%2Fsettings%2Fdirectory',
    );
    expect(refusal(await postAs(t, anonymous, '/admin/settings/directory', { perPage: '99' })).status).toBe(403);
    const expired = await postAs(t, admin, '/admin/settings/directory', { perPage: '99', _wpnonce: '0123456789' });
    expect(doneOf(expired.headers.location)).toContain('expired');
    expect(await readSetting(t.app.storage, directorySettings)).toEqual(before);
  });
});
