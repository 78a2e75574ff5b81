import { BEHAVIOUR as B, SIGNAL, TELL, type Fate, type SpamReason } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { listSpamLog } from '../../src/shield/spam-log.js';
import { postForm, type TestApp, type Visitor } from '../support/app.js';
import { startMailingTestSite, type MailingSite } from '../support/mailing-site.js';
import { fetchEventToken, shieldFields } from '../support/shield-fields.js';
import { CORPUS_FORMS, PASSWORD, type CorpusForm, type Outcome, type Site } from './corpus-forms.js';

/**
 * The bot and person corpus at the server, on every form this shield protects (issue 16): the
 * ajax reviews, comments and suggest, add-business, claim, the cart's add-item, sign-in,
 * registration and contact-owner (see corpus-forms.ts). Each session is what its browser (or
 * script) would send; every verdict's fate and reasons are asserted from the spam log, and the
 * form's answer must say the same.
 */

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** What Chromium sends with a form it posts: client hints that agree, fetch metadata, languages. */
const BROWSER_HEADERS = {
  'user-agent': CHROME_UA,
  'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Linux"',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  'accept-language': 'en-GB,en;q=0.9',
};

/** A summary as the page writes it: [count, mean, sd] statistics and plain counts. */
const behaviour = (parts: Partial<Record<keyof typeof B, unknown>>) =>
  Object.fromEntries(Object.entries(parts).map(([key, value]) => [B[key as keyof typeof B], value]));

const HUMAN_TYPING = { keyHold: [40, 96, 31], keyGap: [38, 182, 97] };
const HUMAN_POINTER = { speed: [60, 0.61, 0.44], turn: [58, 0.41, 0.38], mouseClicks: 3, approached: 3 };

/** A deterministic stream of numbers in [0, 1), so the stealth corpus is the same every run. */
function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

const FATES: readonly Fate[] = ['pass', 'step-up', 'hold', 'block'];

/**
 * One person's own figures: each statistic of a summary scaled by its own factor between 0.55 and
 * 1.45, as two people's hands differ. The same summary from two visitors is a replay
 * (behaviour-memory.ts), so the corpus's people must not all share one.
 */
function varied(signals: Record<string, unknown> | undefined, random: () => number) {
  const summary = signals?.[SIGNAL.behaviour];
  if (!signals || typeof summary !== 'object' || summary === null) return signals;
  const scale = (value: number, whole: boolean) => {
    const scaled = value * (0.55 + 0.9 * random());
    return whole ? Math.max(1, Math.round(scaled)) : Math.round(scaled * 1000) / 1000;
  };
  const figures = Object.entries(summary).map(([key, value]) => [
    key,
    Array.isArray(value)
      ? value.map((v, i) => (typeof v === 'number' ? scale(v, i === 0) : v))
      : typeof value === 'number'
        ? scale(value, true)
        : value,
  ]);
  return { ...signals, [SIGNAL.behaviour]: Object.fromEntries(figures) };
}

/** What the answer must say of each fate: a person with nothing against them is kept. */
function answerOf(formCase: CorpusForm, fate: Fate): Outcome {
  if (fate === 'block') return 'blocked';
  // A form with a captcha asks it when the shield is still in doubt after the puzzle (its default).
  if (fate === 'step-up' || (fate === 'hold' && formCase.captcha)) return 'asked';
  return 'kept';
}

describe('shield corpus (sqlite)', () => {
  let t: TestApp;
  let mailing: MailingSite;
  let site: Site;
  let clients = 0;
  /** Each session its own network, so the corpus never trips the rate limits it does not test. */
  const address = () => ({ 'x-forwarded-for': `10.${Math.floor((clients += 1) / 200)}.${clients % 200}.9` });

  beforeAll(async () => {
    // Registration and contact-owner check the sender's domain: example.org takes mail here.
    mailing = await startMailingTestSite('sqlite', { items: 4, env: { ADMIN_PASSWORD: 'admin-password-1' } });
    ({ t } = mailing);
    const [first, second] = await t.app.storage.db.selectFrom('items').select('id').orderBy('id').limit(2).execute();
    if (!first || !second) throw new Error('the demo has too few items');
    await t.app.storage.db
      .updateTable('items')
      .set({ owner_email: 'owner@bakery.example' })
      .where('id', '=', second.id)
      .execute();
    let unique = 0;
    site = {
      t,
      itemId: first.id,
      ownedItemId: second.id,
      passwordHash: await hashPassword(PASSWORD),
      unique: () => (unique += 1),
      freshClient: () => ({ ...address(), ...BROWSER_HEADERS }),
      personFields: (headers) => shieldFields(t.app, { headers }),
    };
  });
  afterAll(async () => mailing?.close());

  const newestId = async () => (await listSpamLog(t.app.storage, 1))[0]?.id ?? 0;

  /**
   * Posts the form as this visitor and reads the one verdict it wrote from the spam log; the
   * answer must say the same as the verdict's fate.
   */
  async function send(formCase: CorpusForm, who: Visitor, fields: Record<string, string>) {
    const before = await newestId();
    const res = await postForm(t.app, formCase.url(site), fields, who);
    const written = (await listSpamLog(t.app.storage, 5)).filter((row) => row.id > before);
    expect(written, `${res.statusCode} ${res.body.slice(0, 300)}`).toHaveLength(1);
    const [row] = written;
    if (!row) throw new Error('no verdict');
    expect(row.form).toBe(formCase.shieldForm);
    const fate = FATES.find((known) => known === row.details.fate);
    if (!fate) throw new Error(`a verdict without a fate: ${JSON.stringify(row.details)}`);
    const verdict = { fate, reasons: row.reasons, score: row.score };
    expect(formCase.outcome(res), `${fate} ${verdict.reasons.join(' ')}`).toBe(answerOf(formCase, fate));
    return verdict;
  }

  interface Session {
    signals?: Record<string, unknown>;
    ageMs?: number;
    token?: string | null;
    headers?: Record<string, string>;
    fields?: Record<string, string>;
  }
  const visitor = (headers: Record<string, string> = BROWSER_HEADERS): Visitor => ({
    headers: { ...address(), ...headers },
    cookies: {},
  });
  async function run(formCase: CorpusForm, session: Session, person = false) {
    const who = visitor(session.headers);
    const own = await formCase.open(site, who, person);
    const fields = await shieldFields(t.app, {
      headers: who.headers,
      signals: session.signals,
      ageMs: session.ageMs,
      token: session.token,
    });
    return send(formCase, who, { ...own, ...fields, ...session.fields });
  }

  /** A person's signals: no tells, a summary of the hand that made them. */
  const person = (parts: Partial<Record<keyof typeof B, unknown>>, extra: Record<string, unknown> = {}) => ({
    [SIGNAL.tells]: [],
    [SIGNAL.behaviour]: behaviour(parts),
    ...extra,
  });
  /** A page nobody touched. */
  const idle = {
    [SIGNAL.typing]: {},
    [SIGNAL.pointer]: [],
    [SIGNAL.mouseMoved]: false,
    [SIGNAL.inputFocused]: false,
    [SIGNAL.keyUp]: false,
    [SIGNAL.firstKeyPress]: 0,
  };

  /** One stream for the whole corpus: no two person sessions share their figures. */
  const random = seeded(104_729);
  const PEOPLE: Record<string, Session> = {
    'mouse and irregular typing': { signals: person({ ...HUMAN_TYPING, ...HUMAN_POINTER, focusPointer: 3 }) },
    'keyboard only': {
      signals: person({ ...HUMAN_TYPING, focusTab: 4 }, { [SIGNAL.pointer]: [], [SIGNAL.mouseMoved]: false }),
    },
    paste: {
      signals: person(
        { ...HUMAN_POINTER, keyHold: [2, 110, 20], keyGap: [1, 90, 0], pastes: 2, focusPointer: 2 },
        { [SIGNAL.typing]: { body: { isUseBuffer: true, countOfKey: 2, speedDelta: 90 } } },
      ),
    },
    'password manager autofill': {
      signals: person(
        { ...HUMAN_POINTER, mouseClicks: 1, approached: 1, focusPointer: 1 },
        {
          [SIGNAL.typing]: { email: { isAutoFill: true, countOfKey: 0, speedDelta: 0 } },
        },
      ),
    },
    'touch screen': {
      signals: person(
        { ...HUMAN_TYPING, touches: 6, focusPointer: 3 },
        { [SIGNAL.pointer]: [], [SIGNAL.scrolled]: true },
      ),
    },
    'screen reader': { signals: person({ ...HUMAN_TYPING, focusOther: 4 }, { [SIGNAL.pointer]: [] }) },
    'slow reader on a virtual machine (software WebGL)': {
      ageMs: 300_000,
      signals: { ...person({ ...HUMAN_TYPING, ...HUMAN_POINTER, focusPointer: 3 }), [SIGNAL.tells]: [TELL.softwareGl] },
    },
  };

  describe.each(CORPUS_FORMS.map((formCase) => [formCase.name, formCase] as const))(
    'on the %s form',
    (_name, formCase) => {
      it.each(Object.entries(PEOPLE))('passes a person: %s', async (_name, session) => {
        const verdict = await run(formCase, { ...session, signals: varied(session.signals, random) }, true);
        expect(verdict.fate).toBe('pass');
        expect(verdict.reasons.filter((reason) => reason !== 'tell_software_gl')).toEqual([]);
      });

      it('blocks a poster that runs no script', async () => {
        const who = visitor({ 'user-agent': 'python-requests/2.32' });
        const verdict = await send(formCase, who, await formCase.open(site, who, false));
        expect(verdict.fate).toBe('block');
        expect(verdict.reasons).toEqual(expect.arrayContaining(['honeypot_missing', 'no_javascript']));
      });

      it('blocks an instant headless post', async () => {
        const verdict = await run(formCase, {
          ageMs: 400,
          token: null,
          headers: { ...BROWSER_HEADERS, 'user-agent': CHROME_UA.replace('Chrome/', 'HeadlessChrome/') },
          signals: { ...idle, [SIGNAL.headless]: true, [SIGNAL.tells]: [TELL.headlessUa, TELL.window] },
        });
        expect(verdict.fate).toBe('block');
        expect(verdict.reasons).toEqual(
          expect.arrayContaining(['too_fast', 'headless', 'tell_headless_ua', 'tell_window', 'no_interaction']),
        );
      });

      it('blocks a patient headless post (waits 12 s, does nothing)', async () => {
        const verdict = await run(formCase, {
          ageMs: 12_000,
          token: null,
          signals: {
            ...idle,
            [SIGNAL.headless]: true,
            [SIGNAL.tells]: [TELL.cdp, TELL.softwareGl, TELL.permissions],
          },
        });
        expect(verdict.fate).toBe('block');
        expect(verdict.reasons).toEqual(
          expect.arrayContaining(['no_interaction', 'headless', 'tell_cdp', 'tell_software_gl', 'tell_permissions']),
        );
      });

      it('blocks a honeypot filler', async () => {
        const verdict = await run(formCase, {
          signals: person(HUMAN_TYPING),
          fields: { alt_s: 'https://spam.example' },
        });
        expect(verdict).toMatchObject({ fate: 'block', reasons: ['honeypot_filled'] });
      });

      it('blocks a replayed token', async () => {
        const who = visitor();
        const own = await formCase.open(site, who, false);
        const ready = { ...who.cookies };
        const token = await fetchEventToken(t.app, who.headers);
        for (const round of [1, 2]) {
          const fields = await shieldFields(t.app, {
            headers: who.headers,
            token,
            signals: varied(person({ ...HUMAN_TYPING, ...HUMAN_POINTER }), random),
          });
          const verdict = await send(formCase, who, { ...own, ...fields });
          if (round === 2) expect(verdict).toMatchObject({ fate: 'block', reasons: ['token_replayed'] });
          // The same browser again, as it was readied, not as the first post signed it in.
          who.cookies = { ...ready };
        }
      });

      it('blocks a recorded blob replayed by another client, with a fresh token', async () => {
        const recorded = await shieldFields(t.app, {
          signals: person({ ...HUMAN_TYPING, ...HUMAN_POINTER }),
          headers: address(),
        });
        const first = visitor();
        await send(formCase, first, { ...(await formCase.open(site, first, false)), ...recorded });
        const replayer = visitor();
        const own = await formCase.open(site, replayer, false);
        const token = await fetchEventToken(t.app, replayer.headers);
        const verdict = await send(formCase, replayer, { ...own, ...recorded, ct_bot_detector_event_token: token });
        expect(verdict.fate).toBe('block');
        expect(verdict.reasons).toEqual(expect.arrayContaining(['signals_replayed']));
      });

      it('steps up a script that copies the page but not the browser (client hints and headers)', async () => {
        const verdict = await run(formCase, {
          headers: { 'user-agent': CHROME_UA, 'sec-ch-ua': '"HeadlessChrome";v="131"' },
          signals: person(HUMAN_TYPING),
        });
        expect(verdict).toMatchObject({
          fate: 'step-up',
          reasons: ['hints_mismatch', 'headers_inconsistent', 'step_up'],
        });
      });

      it('blocks or steps up stealth automation in at least 90 % of sessions, naming what gave it away', async () => {
        const random = seeded(formCase.name.length * 7_919);
        const fates: string[] = [];
        for (let i = 0; i < 20; i += 1) {
          // Webdriver patched, an ordinary user agent: what varies is which tells and habits show.
          const delay = 40 + Math.floor(random() * 80);
          const parts: Partial<Record<keyof typeof B, unknown>> = {
            keyGap: [30, delay, delay * 0.01 * random()],
            keyHold: [30, random() * 4, 1],
            speed: [40, 0.8, 0.02],
            turn: [40, random() * 0.01, 0.01],
            mouseClicks: 3,
            approached: random() < 0.5 ? 0 : 1,
            focusPointer: 3,
          };
          const tells = [TELL.cdp, TELL.softwareGl].filter(() => random() < 0.7);
          const verdict = await run(formCase, {
            signals: { [SIGNAL.tells]: tells, [SIGNAL.behaviour]: behaviour(parts) },
          });
          expect(verdict.reasons).toEqual(expect.arrayContaining<SpamReason>(['typing_uniform', 'key_hold_robotic']));
          fates.push(String(verdict.fate));
        }
        const caught = fates.filter((fate) => fate !== 'pass').length;
        expect(caught / fates.length).toBeGreaterThanOrEqual(0.9);
      });
    },
  );
});
