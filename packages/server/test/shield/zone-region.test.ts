import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIGNAL } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkRegionsError, parseNetworkRegions } from '../../src/shield/network-regions.js';
import { listSpamLog } from '../../src/shield/spam-log.js';
import { zoneFitsRegion } from '../../src/shield/zone-regions.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { postSuggest } from './suggest-post.js';

/**
 * Issue 26, "tells that survive patches": the page's clock against the country of the client
 * address, read from a country file the site keeps on its own machine.
 */

const COUNTRY_FILE = [
  '# DB-IP style: first,last,country',
  '203.0.113.0,203.0.113.255,JP',
  '198.51.100.0,198.51.100.127,ZZ',
  '2001:db8:10::,2001:db8:10:ffff:ffff:ffff:ffff:ffff,NP',
  '# IP2Location style: integers, quoted, with a name',
  '"3221225984","3221226239","US","United States of America"',
  '# networks',
  '192.0.2.128/25,de',
].join('\n');

describe('a country file', () => {
  const regions = parseNetworkRegions(COUNTRY_FILE);

  it('reads ranges as text, as integers and as networks, IPv4, IPv4 in IPv6 and IPv6', () => {
    expect(regions.ranges).toBe(4);
    expect(regions.regionOf('203.0.113.77')).toBe('JP');
    expect(regions.regionOf('::ffff:203.0.113.77')).toBe('JP');
    expect(regions.regionOf('192.0.2.10')).toBe('US');
    expect(regions.regionOf('192.0.2.200')).toBe('DE');
    expect(regions.regionOf('2001:db8:10:aa::1')).toBe('NP');
  });

  it('knows nothing of addresses outside its ranges, rows with no country, or what is not an address', () => {
    expect(regions.regionOf('203.0.114.1')).toBeUndefined();
    expect(regions.regionOf('198.51.100.5')).toBeUndefined();
    expect(regions.regionOf('2001:db8:11::1')).toBeUndefined();
    expect(regions.regionOf('not an address')).toBeUndefined();
  });

  it('names the line of a row that is not a range', () => {
    expect(() => parseNetworkRegions('10.0.0.0,10.0.0.255,FR\n10.0.1.9,tomorrow,FR', 'regions.csv')).toThrow(
      new NetworkRegionsError('regions.csv, line 2: not an address range: "10.0.1.9,tomorrow,FR"'),
    );
    expect(() => parseNetworkRegions('10.0.0.9,10.0.0.1,FR')).toThrow(NetworkRegionsError);
  });
});

describe('a clock against a country', () => {
  it('fits any zone the country keeps, in winter or summer, half and quarter hours too', () => {
    expect(zoneFitsRegion(-5, 'US')).toBe(true);
    expect(zoneFitsRegion(-4, 'US')).toBe(true);
    expect(zoneFitsRegion(1, 'GB')).toBe(true);
    expect(zoneFitsRegion(5.75, 'NP')).toBe(true);
    expect(zoneFitsRegion(5.5, 'IN')).toBe(true);
  });

  it('does not fit a clock the country never keeps', () => {
    expect(zoneFitsRegion(0, 'US')).toBe(false);
    expect(zoneFitsRegion(9, 'DE')).toBe(false);
    expect(zoneFitsRegion(5.5, 'NP')).toBe(false);
  });

  it('leaves alone what cannot be compared: no country, an unknown code, no clock', () => {
    expect(zoneFitsRegion(0, undefined)).toBe(true);
    expect(zoneFitsRegion(0, 'QQ')).toBe(true);
    expect(zoneFitsRegion('0', 'US')).toBe(true);
    expect(zoneFitsRegion(Number.NaN, 'US')).toBe(true);
  });
});

describe('the shield with a country file', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'waymark-regions-'));
    const file = path.join(dir, 'regions.csv');
    await writeFile(file, COUNTRY_FILE);
    t = await createTestApp('sqlite', { env: { NETWORK_REGIONS: file } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const suggestWithClock = async (hours: number, remoteAddress: string) => {
    const fields = await shieldFields(t.app, { signals: { [SIGNAL.timezone]: hours }, remoteAddress });
    await postSuggest(t.app, fields, remoteAddress);
    const [row] = await listSpamLog(t.app.storage, 1);
    if (!row) throw new Error('no verdict');
    return { fate: row.details.fate, reasons: row.reasons, region: row.details.region };
  };

  it('names a data centre’s clock behind a Japanese address, and alone it asks for nothing more', async () => {
    expect(await suggestWithClock(0, '203.0.113.20')).toEqual({
      fate: 'pass',
      reasons: ['timezone_mismatch'],
      region: 'JP',
    });
  });

  it('passes a clock the address’s country keeps, and judges no clock where the file knows no country', async () => {
    expect(await suggestWithClock(9, '203.0.113.21')).toEqual({ fate: 'pass', reasons: [], region: 'JP' });
    expect(await suggestWithClock(0, '10.9.8.7')).toEqual({ fate: 'pass', reasons: [], region: null });
  });

  it('does not start on a country file it cannot read, and says why', async () => {
    await expect(createTestApp('sqlite', { env: { NETWORK_REGIONS: path.join(dir, 'missing.csv') } })).rejects.toThrow(
      /NETWORK_REGIONS: cannot read .*missing\.csv/,
    );
  });
});
