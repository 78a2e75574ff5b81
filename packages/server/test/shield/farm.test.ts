import { BEHAVIOUR as B, NONCE_ACTIONS, SIGNAL, STEP_UP_ANSWER } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../support/demo-site.js';
import type { Challenge } from '../../src/shield/proof-of-work.js';
import { listSpamLog } from '../../src/shield/spam-log.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { payingStepUp } from '../support/step-up.js';

/**
 * Issue 26 at the server, the classes a page's script cannot see: a replay farm that posts one
 * person's recorded signals again and again over plain HTTP (a fresh page, stamp, check-js key
 * and event token each time, every figure jittered by up to 15 %), with the recorded text or a
 * new one; and one address's volume, priced step by step. The farm pays every puzzle it is
 * asked, as a few lines of Node would.
 */

const AJAX = '/wp-admin/admin-ajax.php';
const TEXT =
  'We stopped here for lunch on the way to the coast and the soup was excellent, with bread baked that morning and friendly service.';

/** A deterministic stream in [0, 1). */
function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** One real person's session, as the page summarised it while they typed TEXT. */
const RECORDED = {
  behaviour: {
    [B.keyHold]: [131, 94.2, 28.7],
    [B.keyGap]: [118, 187.5, 96.1],
    [B.speed]: [64, 0.58, 0.41],
    [B.turn]: [61, 0.39, 0.35],
    [B.straightness]: [5, 0.071, 0.043],
    [B.mouseClicks]: 3,
    [B.approached]: 3,
    [B.focusPointer]: 3,
  },
  typing: { body: { isAutoFill: false, isUseBuffer: false, speedDelta: 188, countOfKey: 134 } },
};

function jittered(random: () => number) {
  const nudge = (value: number, whole: boolean) => {
    const v = value * (0.85 + 0.3 * random());
    return whole ? Math.round(v) : Math.round(v * 1000) / 1000;
  };
  const behaviour = Object.fromEntries(
    Object.entries(RECORDED.behaviour).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map((v, i) => nudge(v, i === 0)) : nudge(value, true),
    ]),
  );
  const body = RECORDED.typing.body;
  return {
    [SIGNAL.behaviour]: behaviour,
    [SIGNAL.typing]: { body: { ...body, countOfKey: nudge(body.countOfKey, true) } },
  };
}

describe('a replay farm and a busy address (sqlite)', () => {
  let t: TestApp;
  let itemId = 0;
  let networks = 0;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { SEED_DEMO: 'true', SEED_ITEMS: '2', TRUST_PROXY: 'true' } });
    await bootstrap(t.app.storage, t.config, () => {});
    itemId = (await t.app.storage.db.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  /** Each sender its own network unless told otherwise. */
  const sender = (address = `198.19.${(networks += 1)}.4`) => ({ 'x-forwarded-for': address });
  const review = async (headers: Record<string, string>, signals: Record<string, unknown>, body = TEXT) => {
    const fields = {
      action: 'waymark_post_review',
      _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, ''),
      subject: `item:${itemId}`,
      author: 'Sam',
      email: 'sam@example.org',
      body,
      ...(await shieldFields(t.app, { headers, signals })),
    };
    const post = (extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: AJAX,
        headers: { ...FORM_HEADERS, ...headers },
        payload: form({ ...fields, ...extra }),
      });
    const { res, puzzle } = await payingStepUp(post);
    const [row] = await listSpamLog(t.app.storage, 1);
    const paid = puzzle?.maxnumber ?? 0;
    return { answer: res.json() as { status?: string; apbct?: unknown }, reasons: row?.reasons ?? [], paid };
  };

  it('takes the person who was recorded, then holds every replay of them, whatever it paid', async () => {
    const person = await review(sender(), { [SIGNAL.behaviour]: RECORDED.behaviour, [SIGNAL.typing]: RECORDED.typing });
    expect(person.answer).toMatchObject({ status: 'published' });

    const random = seeded(26);
    const caught: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const replay = await review(sender(), jittered(random));
      if (replay.answer.status !== 'published') caught.push(replay.reasons.join(' '));
      expect(replay.reasons).toEqual(expect.arrayContaining(['behaviour_replayed', 'content_duplicate']));
    }
    expect(caught).toHaveLength(10);
  });

  it('holds a replay that brings a text of its own: its typing data belongs to another text', async () => {
    const random = seeded(2_026);
    const own =
      'Best prices in town for every kind of repair, we fix phones, laptops and tablets while you wait, call us any day of the week.';
    const replay = await review(sender(), { ...jittered(random), [SIGNAL.typing]: { body: { countOfKey: 60 } } }, own);
    expect(replay.answer.status).not.toBe('published');
    expect(replay.reasons).toEqual(expect.arrayContaining(['typing_mismatch', 'behaviour_replayed']));
  });

  it('prices one address’s posts: two free, the third a puzzle, the sixth a person’s look', async () => {
    const address = '198.18.200.7';
    const random = seeded(7);
    const person = () => ({
      [SIGNAL.behaviour]: Object.fromEntries(
        Object.entries(RECORDED.behaviour).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.map((x) => x * (0.3 + random() * 2)) : v,
        ]),
      ),
    });
    const ask = async (body: string) => {
      const headers = sender(address);
      const res = await t.app.inject({
        method: 'POST',
        url: AJAX,
        headers: { ...FORM_HEADERS, ...headers },
        payload: form({
          action: 'waymark_post_review',
          _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, ''),
          subject: `item:${itemId}`,
          author: 'Kim',
          email: 'kim@example.org',
          body,
          ...(await shieldFields(t.app, { headers, signals: person() })),
        }),
      });
      const answer = res.json() as Record<string, unknown>;
      return { status: answer.status, asked: (answer[STEP_UP_ANSWER] as Challenge | undefined)?.maxnumber ?? 0 };
    };
    const answers = [];
    for (const n of [1, 2, 3, 4, 5, 6]) answers.push(await ask(`Review number ${n}: the bread was good.`));
    expect(answers).toEqual([
      { status: 'published', asked: 0 },
      { status: 'published', asked: 0 },
      { status: undefined, asked: 8_000 },
      { status: undefined, asked: 40_000 },
      { status: undefined, asked: 300_000 },
      { status: 'held', asked: 0 },
    ]);
  });
});
