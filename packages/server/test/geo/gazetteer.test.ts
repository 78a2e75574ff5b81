import {
  GEOCODE_NOT_FOUND,
  GEOCODER_REVERSE_PATH,
  GEOCODER_SEARCH_PATH,
  GEONAMES_CREDIT,
  nominatimError,
  nominatimPlace,
  type NominatimPlace,
} from '@waymark/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_PLACE_ID_BASE } from '../../src/geo/nominatim.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';
import { webDistEnv } from '../mail/env.js';
import { addPlacedItems } from './support.js';

/** GeoNames ids of places the answers must name. */
const PARIS_FR = 2988507;
const ZURICH = 2657896;

describe.each(DIALECTS)('the offline gazetteer (%s)', (dialect) => {
  let t: TestApp;
  let rivoli: number;
  let koeln: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: webDistEnv() });
    [rivoli = 0, , koeln = 0] = await addPlacedItems(t.app.storage, [
      { title: 'Le Rivoli', address: '12 Rue de Rivoli, Paris', locality: 'Paris', lat: 48.8557, lon: 2.36 },
      { title: 'Far away', address: '8 Paris Street, Exeter', locality: 'Exeter', lat: 50.7236, lon: -3.5275 },
      { title: 'Kölsch', address: 'Hauptstraße 5', locality: 'Köln', lat: 50.9375, lon: 6.9603 },
      { title: 'Nowhere', address: '1 Nowhere Road', locality: 'Nowhere', lat: null, lon: null },
    ]);
  });
  afterAll(() => t.close());

  const search = async (query: Record<string, string>) => {
    const params = new URLSearchParams({ format: 'json', ...query });
    const response = await t.app.inject({ url: `${GEOCODER_SEARCH_PATH}?${params.toString()}` });
    return { status: response.statusCode, body: response.json<unknown>(), type: response.headers['content-type'] };
  };
  const places = async (query: Record<string, string>): Promise<NominatimPlace[]> => {
    const { status, body } = await search(query);
    expect(status).toBe(200);
    return nominatimPlace.array().parse(body);
  };
  const reverse = async (query: Record<string, string>) => {
    const params = new URLSearchParams({ format: 'json', ...query });
    const response = await t.app.inject({ url: `${GEOCODER_REVERSE_PATH}?${params.toString()}` });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };

  describe('search', () => {
    it('answers places in the Nominatim format, with the GeoNames credit', async () => {
      const [paris] = await places({ q: 'Paris', limit: '1' });
      expect(paris).toMatchObject({
        place_id: PARIS_FR,
        licence: GEONAMES_CREDIT,
        display_name: 'Paris, France',
        class: 'place',
        type: 'city',
      });
      const [south, north, west, east] = (paris?.boundingbox ?? []).map(Number);
      expect(paris?.lat).toMatch(/^-?\d+\.\d+$/);
      expect(paris?.lon).toMatch(/^-?\d+\.\d+$/);
      expect(south).toBeLessThan(Number(paris?.lat));
      expect(north).toBeGreaterThan(Number(paris?.lat));
      expect(west).toBeLessThan(Number(paris?.lon));
      expect(east).toBeGreaterThan(Number(paris?.lon));
      expect(paris?.address).toBeUndefined();
    });

    it('ignores accents and case', async () => {
      for (const q of ['Zürich', 'zurich', 'ZURICH', 'zür', 'ZUR']) {
        const [first] = await places({ q, limit: '1' });
        expect(first?.place_id, q).toBe(ZURICH);
      }
      const [etienne] = await places({ q: 'saint-etie', limit: '1' });
      expect(etienne?.display_name).toBe('Saint-Étienne, France');
    });

    it('matches a prefix of the name, of several words, or of a later word', async () => {
      const [sanFrancisco] = await places({ q: 'san fr', limit: '1' });
      expect(sanFrancisco?.display_name).toBe('San Francisco, CA, United States');
      const francisco = await places({ q: 'francisco', limit: '10' });
      expect(francisco.map((p) => p.display_name)).toContain('San Francisco, CA, United States');
    });

    it('ranks by population, the importance never rising down the list', async () => {
      const answer = await places({ q: 'par', limit: '10' });
      expect(answer[0]?.place_id).toBe(PARIS_FR);
      const importances = answer.map((p) => p.importance);
      expect(importances).toEqual([...importances].sort((a, b) => b - a));
    });

    it('reads what follows a comma, or the last words, as the country or US state', async () => {
      const texas = await places({ q: 'paris, texas', limit: '5' });
      expect(texas[0]?.display_name).toBe('Paris, TX, United States');
      expect(texas.every((p) => p.display_name.endsWith('United States'))).toBe(true);
      const [france] = await places({ q: 'paris france', limit: '1' });
      expect(france?.place_id).toBe(PARIS_FR);
      const [newYork] = await places({ q: 'new york, usa', limit: '1' });
      expect(newYork?.display_name).toBe('New York City, NY, United States');
    });

    it('gives at most `limit` places, 10 unless asked', async () => {
      expect(await places({ q: 'san' })).toHaveLength(10);
      expect(await places({ q: 'san', limit: '3' })).toHaveLength(3);
      expect(await places({ q: 'san', limit: '50' })).toHaveLength(50);
      expect(await places({ q: 'x', limit: '1' })).toHaveLength(1);
    });

    it('gives the address parts when addressdetails=1', async () => {
      const [paris] = await places({ q: 'paris', limit: '1', addressdetails: '1' });
      expect(paris?.address).toEqual({ city: 'Paris', country: 'France', country_code: 'fr' });
    });

    it("finds the directory's own addresses, near the city asked for first", async () => {
      const [street] = await places({ q: '12 rue de ri', addressdetails: '1' });
      expect(street).toMatchObject({
        place_id: ITEM_PLACE_ID_BASE + rivoli,
        display_name: '12 Rue de Rivoli, Paris, France',
        type: 'house',
        address: { house_number: '12', road: 'Rue de Rivoli', city: 'Paris', country: 'France', country_code: 'fr' },
      });

      const paris = await places({ q: 'paris', limit: '20' });
      expect(paris[0]?.place_id).toBe(PARIS_FR);
      // The place in Paris comes before the smaller Parises; the "Paris Street" in Exeter does not.
      expect(paris[1]?.place_id).toBe(ITEM_PLACE_ID_BASE + rivoli);
      const exeter = paris.findIndex((p) => p.display_name.startsWith('8 Paris Street'));
      expect(exeter === -1 || exeter > 1).toBe(true);

      const [strasse] = await places({ q: 'HAUPTSTRASSE 5', addressdetails: '1' });
      expect(strasse).toMatchObject({
        place_id: ITEM_PLACE_ID_BASE + koeln,
        display_name: 'Hauptstraße 5, Köln, Germany',
        address: { road: 'Hauptstraße', house_number: '5', city: 'Köln', country_code: 'de' },
      });
    });

    it('leaves out items without a position', async () => {
      const answer = await places({ q: '1 nowhere road' });
      expect(answer.some((p) => p.display_name.includes('Nowhere Road'))).toBe(false);
    });

    it('answers an empty list to a query of nothing but spaces and punctuation', async () => {
      expect(await places({ q: '  ,, ' })).toEqual([]);
      expect(await places({ q: 'qqqqxqqq' })).toEqual([]);
    });

    it('answers a search asked again the same, as JSON with its weak ETag, and 304 to If-None-Match', async () => {
      const url = `${GEOCODER_SEARCH_PATH}?format=json&q=Z%C3%BCrich&limit=3`;
      const first = await t.app.inject({ url });
      const again = await t.app.inject({ url });
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.headers['x-geocoder-source']).toBe('gazetteer');
      expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(first.body));
      expect(first.headers.etag).toMatch(/^W\/".+"$/);
      expect(again.headers.etag).toBe(first.headers.etag);
      const unchanged = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(unchanged.statusCode).toBe(304);
    });

    it.each([
      [{ q: 'paris', limit: '0' }, "Parameter 'limit' must be between 1 and 50."],
      [{ q: 'paris', limit: '51' }, "Parameter 'limit' must be between 1 and 50."],
      [{ q: 'paris', limit: 'ten' }, "Parameter 'limit' must be a whole number."],
      [{ q: 'paris', limit: '2.5' }, "Parameter 'limit' must be a whole number."],
      [{ q: 'paris', format: 'xml' }, "Parameter 'format' must be one of: json."],
      [{ q: 'paris', addressdetails: 'yes' }, "Parameter 'addressdetails' must be 0 or 1."],
      [{}, "Parameter 'q' is required."],
      [{ q: 'p'.repeat(256) }, "Parameter 'q' must be at most 255 characters."],
    ])('refuses %j with a 400 in Nominatim’s error shape', async (query, message) => {
      const { status, body, type } = await search(query);
      expect(status).toBe(400);
      expect(type).toMatch(/^application\/json/);
      expect(nominatimError.parse(body)).toEqual({ error: { code: 400, message } });
    });

    it('refuses a parameter given twice', async () => {
      const response = await t.app.inject({ url: `${GEOCODER_SEARCH_PATH}?format=json&q=a&q=b` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 400, message: "Parameter 'q' must be given once." } });
    });
  });

  it('never answers a 500, whatever the query string', async () => {
    const value = fc.oneof(fc.string({ unit: 'binary' }), fc.integer().map(String), fc.double().map(String));
    const key = fc.constantFrom('q', 'limit', 'format', 'addressdetails', 'lat', 'lon', 'zoom', 'x');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(GEOCODER_SEARCH_PATH, GEOCODER_REVERSE_PATH),
        fc.array(fc.tuple(key, value), { maxLength: 6 }),
        async (path, pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const response = await t.app.inject({ url: `${path}?${query}` });
          expect([200, 400]).toContain(response.statusCode);
          expect(() => response.json<unknown>()).not.toThrow();
        },
      ),
      { numRuns: 60 },
    );
  });

  describe('reverse', () => {
    it("answers the directory's own place at street zoom", async () => {
      const { status, body } = await reverse({ lat: '48.8558', lon: '2.3601', zoom: '18', addressdetails: '1' });
      expect(status).toBe(200);
      expect(nominatimPlace.parse(body)).toMatchObject({
        place_id: ITEM_PLACE_ID_BASE + rivoli,
        display_name: '12 Rue de Rivoli, Paris, France',
        address: { road: 'Rue de Rivoli', city: 'Paris' },
      });
    });

    it('answers the nearest city away from the items, or at a town zoom', async () => {
      const { body } = await reverse({ lat: '48.85341', lon: '2.3488', zoom: '18', addressdetails: '1' });
      expect(nominatimPlace.parse(body)).toMatchObject({
        place_id: PARIS_FR,
        licence: GEONAMES_CREDIT,
        address: { city: 'Paris', country_code: 'fr' },
      });
      const { body: town } = await reverse({ lat: '48.8558', lon: '2.3601', zoom: '10' });
      expect(nominatimPlace.parse(town).class).toBe('place');
      expect(nominatimPlace.parse(town).type).not.toBe('house');
    });

    it('gives the address parts unless addressdetails=0', async () => {
      const { body } = await reverse({ lat: '48.85341', lon: '2.3488' });
      expect(nominatimPlace.parse(body).address?.country).toBe('France');
      const { body: bare } = await reverse({ lat: '48.85341', lon: '2.3488', addressdetails: '0' });
      expect(nominatimPlace.parse(bare).address).toBeUndefined();
    });

    it('answers "Unable to geocode" where nothing is near', async () => {
      const { status, body } = await reverse({ lat: '0', lon: '-30', zoom: '18', addressdetails: '1' });
      expect(status).toBe(200);
      expect(body).toEqual({ error: GEOCODE_NOT_FOUND });
    });

    it.each([
      [{ lat: '91', lon: '0' }, "Parameter 'lat' must be between -90 and 90."],
      [{ lat: '-90.5', lon: '0' }, "Parameter 'lat' must be between -90 and 90."],
      [{ lat: '0', lon: '180.01' }, "Parameter 'lon' must be between -180 and 180."],
      [{ lat: 'north', lon: '0' }, "Parameter 'lat' expects a number."],
      [{ lat: '1e3', lon: '0' }, "Parameter 'lat' expects a number."],
      [{ lat: '10' }, "Parameter 'lon' is required."],
      [{ lat: '10', lon: '10', zoom: '19' }, "Parameter 'zoom' must be between 0 and 18."],
      [{ lat: '10', lon: '10', format: 'geojson' }, "Parameter 'format' must be one of: json."],
    ])('refuses %j with a 400 in Nominatim’s error shape', async (query, message) => {
      const { status, body } = await reverse(query);
      expect(status).toBe(400);
      expect(nominatimError.parse(body)).toEqual({ error: { code: 400, message } });
    });
  });
});
