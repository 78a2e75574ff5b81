import { GEOCODER_SEARCH_PATH, GEONAMES_CREDIT } from '@waymark/protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReverseParams, SearchParams } from '../../src/geo/params.js';
import { createUpstream, type UpstreamOptions } from '../../src/geo/upstream.js';
import { memoryState } from '../../src/shared-state/memory.js';
import { redisState } from '../../src/shared-state/redis.js';
import type { SharedState } from '../../src/shared-state/shared-state.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startFakeNominatim, upstreamPlace, type FakeNominatim } from './fake-nominatim.js';
import { webDistEnv } from '../mail/env.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const search = (q: string, limit = 10): SearchParams => ({ q, limit, addressDetails: false });
const at: ReverseParams = { lat: 48.8566, lon: 2.3522, zoom: 18, addressDetails: true };

describe('forwarding to a Nominatim instance', () => {
  let fake: FakeNominatim;
  /** The test's clock: the rate limit is about seconds, and a test must not wait for them. */
  let clock: number;
  const now = () => clock;
  let state: SharedState;
  const failures: string[] = [];

  const upstream = (options: Partial<UpstreamOptions> = {}) =>
    createUpstream({
      baseUrl: fake.url,
      userAgent: 'Waymark test (geo@waymark.test)',
      state,
      now,
      onFailure: (reason) => failures.push(reason),
      ...options,
    });

  beforeEach(async () => {
    fake = await startFakeNominatim();
    clock = 1_000_000;
    state = memoryState(now);
    failures.length = 0;
  });
  afterEach(async () => {
    await fake.stop();
    await state.close();
  });

  it('asks with the identifying User-Agent and passes the answer on as Nominatim wrote it', async () => {
    const geocoder = upstream();
    expect(await geocoder.search({ q: 'Paris', limit: 5, addressDetails: true })).toEqual([upstreamPlace('Paris')]);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/search');
    expect(request?.userAgent).toBe('Waymark test (geo@waymark.test)');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      format: 'json',
      limit: '5',
      addressdetails: '1',
      q: 'Paris',
    });

    clock += 1_000;
    expect(await geocoder.reverse(at)).toEqual(upstreamPlace('Reverse'));
    expect(fake.requests[1]?.path).toBe('/reverse');
    expect(Object.fromEntries(fake.requests[1]?.query ?? [])).toMatchObject({
      lat: '48.856600',
      lon: '2.352200',
      zoom: '18',
      addressdetails: '1',
    });
  });

  it('makes at most one request a second: the others are left to the gazetteer', async () => {
    const geocoder = upstream();
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((q) => geocoder.search(search(q))));
    expect(fake.requests).toHaveLength(1);
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);

    clock += 999;
    expect(await geocoder.search(search('f'))).toBeNull();
    clock += 1;
    expect(await geocoder.search(search('f'))).not.toBeNull();
    expect(fake.requests).toHaveLength(2);
  });

  it('caches every answer, under the query as the gazetteer normalizes it', async () => {
    const geocoder = upstream();
    const first = await geocoder.search(search('Zürich'));
    clock += 5_000;
    expect(await geocoder.search(search('  ZURICH '))).toEqual(first);
    expect(await geocoder.search(search('zurich'))).toEqual(first);
    expect(fake.requests).toHaveLength(1);

    // Another limit is another question.
    expect(await geocoder.search(search('zurich', 3))).not.toBeNull();
    expect(fake.requests).toHaveLength(2);

    clock += 5_000;
    await geocoder.reverse(at);
    clock += 5_000;
    await geocoder.reverse({ ...at, lat: 48.85660001 });
    expect(fake.requests).toHaveLength(3);
  });

  it('forgets a cached answer after its time to live', async () => {
    const geocoder = upstream({ cacheTtlMs: 60_000 });
    await geocoder.search(search('lyon'));
    clock += 60_001;
    await geocoder.search(search('lyon'));
    expect(fake.requests).toHaveLength(2);
  });

  it('asks once for the same question asked twice at the same time', async () => {
    const geocoder = upstream();
    const [one, two] = await Promise.all([geocoder.search(search('nice')), geocoder.search(search('NICE'))]);
    expect(one).not.toBeNull();
    expect(two).toEqual(one);
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back when the upstream is slow, then leaves it alone for a while', async () => {
    // Far apart, so a busy machine cannot blur slow into answered.
    fake.delayMs = 10_000;
    const geocoder = upstream({ timeoutMs: 1_000, pauseAfterFailureMs: 30_000 });
    expect(await geocoder.search(search('slow'))).toBeNull();
    expect(failures).toHaveLength(1);

    fake.delayMs = 0;
    clock += 10_000;
    expect(await geocoder.search(search('still paused'))).toBeNull();
    expect(fake.requests).toHaveLength(1);

    clock += 20_001;
    expect(await geocoder.search(search('back'))).toEqual([upstreamPlace('back')]);
  });

  it('falls back when the upstream is down, answers an error or answers nonsense', async () => {
    fake.failWith = 503;
    expect(await upstream().search(search('error'))).toBeNull();

    fake.failWith = null;
    fake.answer = { not: 'a list' };
    clock += 1_000;
    expect(await upstream().search(search('nonsense'))).toBeNull();
    fake.answer = [{ display_name: 'no coordinates' }];
    clock += 1_000;
    expect(await upstream().search(search('half a place'))).toBeNull();

    await fake.stop();
    fake = await startFakeNominatim();
    const stoppedUrl = fake.url;
    await fake.stop();
    clock += 1_000;
    expect(await upstream({ baseUrl: stoppedUrl }).search(search('down'))).toBeNull();
    fake = await startFakeNominatim();
    expect(failures).toHaveLength(4);
  });

  it('passes on "Unable to geocode" from the upstream, and caches it too', async () => {
    fake.answer = { error: 'Unable to geocode' };
    const geocoder = upstream();
    expect(await geocoder.reverse(at)).toEqual({ error: 'Unable to geocode' });
    clock += 2_000;
    expect(await geocoder.reverse(at)).toEqual({ error: 'Unable to geocode' });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('the rate limit across instances (Redis)', () => {
  let fake: FakeNominatim;
  const prefix = `waymark-geo-test-${process.pid}-${Date.now()}:`;
  let states: SharedState[] = [];

  beforeAll(async () => {
    fake = await startFakeNominatim();
    states = [await redisState(REDIS_URL, prefix), await redisState(REDIS_URL, prefix)];
  });
  afterAll(async () => {
    await Promise.all(states.map((s) => s.close()));
    await fake.stop();
  });

  it('lets two instances on one Redis make one request a second between them', async () => {
    const [one, two] = states.map((state) =>
      createUpstream({ baseUrl: fake.url, userAgent: 'Waymark test', state: state as SharedState }),
    );
    const answers = await Promise.all([one?.search(search('first')), two?.search(search('second'))]);
    expect(fake.requests).toHaveLength(1);
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
  });
});

describe('the routes with GEOCODER_URL set', () => {
  let fake: FakeNominatim;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeNominatim();
    t = await createTestApp('sqlite', {
      env: { ...webDistEnv(), GEOCODER_URL: fake.url, GEOCODER_USER_AGENT: 'Waymark route test (ops@waymark.test)' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const get = (q: string) =>
    t.app.inject({
      url: `${GEOCODER_SEARCH_PATH}?${new URLSearchParams({ format: 'json', limit: '3', q }).toString()}`,
    });

  it('forwards with the configured User-Agent and caches the answer', async () => {
    const first = await get('Lisbon');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-geocoder-source']).toBe('upstream');
    expect(first.json()).toEqual([upstreamPlace('Lisbon')]);
    expect(fake.requests[0]?.userAgent).toBe('Waymark route test (ops@waymark.test)');

    const again = await get('lisbon');
    expect(again.json()).toEqual([upstreamPlace('Lisbon')]);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers from the gazetteer, with its credit, when the upstream is down', async () => {
    await fake.stop();
    const response = await get('Lisbo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-geocoder-source']).toBe('gazetteer');
    const [lisbon] = response.json<{ display_name: string; licence: string }[]>();
    expect(lisbon).toMatchObject({ display_name: 'Lisbon, Portugal', licence: GEONAMES_CREDIT });
    fake = await startFakeNominatim();
  });

  it('checks the parameters before anything is forwarded', async () => {
    const response = await t.app.inject({ url: `${GEOCODER_SEARCH_PATH}?format=json&limit=99&q=x` });
    expect(response.statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});
