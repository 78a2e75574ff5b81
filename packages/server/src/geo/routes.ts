import { GEOCODE_NOT_FOUND, GEOCODER_REVERSE_PATH, GEOCODER_SEARCH_PATH } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SearchAnswers, type KeptAnswer } from './answers.js';
import { cityTable } from './cities.js';
import { bigPrefixes, keepBigPrefix } from './gazetteer.js';
import { toPlace } from './nominatim.js';
import { normalizeName } from './normalize.js';
import { reverseParams, searchParams } from './params.js';
import { GazetteerSource } from './source.js';
import { createUpstream } from './upstream.js';

/** Which source answered, for people reading responses while debugging. */
const SOURCE_HEADER = 'x-geocoder-source';
const JSON_TYPE = 'application/json; charset=utf-8';

type Query = Record<string, unknown>;

/**
 * `/geocode/search` and `/geocode/reverse` in Nominatim's format (PROTOCOL.md section 6): from
 * the configured Nominatim when there is one and it answers in time, else from the gazetteer.
 */
export async function geoRoutes(app: FastifyInstance) {
  const source = new GazetteerSource(
    app.storage,
    (error) => app.log.warn({ err: error }, 'gazetteer refresh failed'),
    Date.now,
    () => app.contentVersion.current(),
  );
  const upstream = app.config.geocoderUrl
    ? createUpstream({
        baseUrl: app.config.geocoderUrl,
        userAgent: app.config.geocoderUserAgent,
        state: app.state,
        onFailure: (reason) => app.log.warn({ reason }, 'geocoder unavailable; the gazetteer answers'),
      })
    : null;

  // The cities (a second or two, whatever the directory's size) are indexed just after start,
  // not on the first visitor's keystroke; the directory's addresses, which grow with it, on the
  // first geocoding request. Apps that never listen (tests) index both on first use.
  app.addHook('onListen', async () => {
    const warm = () => {
      try {
        const cities = cityTable();
        // Then the best cities of the commonest first keystrokes ("s", "sa"), one prefix a turn
        // of the event loop, so the first visitor to type one does not wait for it.
        const prefixes = bigPrefixes(cities);
        const next = () => {
          const prefix = prefixes.shift();
          if (prefix === undefined) return;
          keepBigPrefix(cities, prefix);
          setImmediate(next).unref();
        };
        next();
      } catch (error) {
        app.log.warn({ err: error }, 'gazetteer build failed');
      }
    };
    setTimeout(warm, 0).unref();
  });
  app.addHook('onClose', async () => source.close());

  const answers = new SearchAnswers();
  const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ error: { code: 400, message } });

  const sendKept = (reply: FastifyReply, kept: KeptAnswer) =>
    reply.header(SOURCE_HEADER, 'gazetteer').header('etag', kept.etag).type(JSON_TYPE).send(kept.body);

  app.get(GEOCODER_SEARCH_PATH, async (request, reply) => {
    const checked = searchParams(request.query as Query);
    if (!checked.ok) return badRequest(reply, checked.message);
    const { q, limit, addressDetails } = checked.params;
    // Without a Nominatim to ask, a query typed before is answered as it was kept, at once.
    const ready = upstream ? undefined : source.ready();
    const kept = ready && answers.peek(ready, q, limit, addressDetails);
    if (kept) return sendKept(reply, kept);
    if (!normalizeName(q)) return [];
    if (upstream) {
      const forwarded = await upstream.search(checked.params);
      if (forwarded) return reply.header(SOURCE_HEADER, 'upstream').send(forwarded);
    }
    const gazetteer = await source.get();
    return sendKept(
      reply,
      answers.get(gazetteer, q, limit, addressDetails, () =>
        gazetteer.search(q, limit).map((hit) => toPlace(gazetteer, hit, addressDetails)),
      ),
    );
  });

  app.get(GEOCODER_REVERSE_PATH, async (request, reply) => {
    const checked = reverseParams(request.query as Query);
    if (!checked.ok) return badRequest(reply, checked.message);
    const { lat, lon, zoom, addressDetails } = checked.params;
    const forwarded = await upstream?.reverse(checked.params);
    if (forwarded) return reply.header(SOURCE_HEADER, 'upstream').send(forwarded);
    const gazetteer = await source.get();
    reply.header(SOURCE_HEADER, 'gazetteer');
    const hit = gazetteer.reverse(lat, lon, zoom);
    return hit ? toPlace(gazetteer, hit, addressDetails) : { error: GEOCODE_NOT_FOUND };
  });
}
