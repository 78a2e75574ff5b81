import {
  EVENT_TOKEN_FIELD,
  HONEYPOT_DECOY_FIELD,
  SIGNAL,
  STEP_UP_FIELD,
  VISIBLE_FIELDS_FIELD,
  type ProtectedForm,
  type ShieldSettings,
} from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { firstString } from '../plugins/bodies.js';
import { readAltSession } from './alt-sessions.js';
import { replayedBehaviour } from './behaviour-memory.js';
import { behaviourReasons, readBehaviour, type BehaviourSummary } from './behaviour.js';
import { addressBlocked, emailDomainBlocked, wordBlocked } from './block-lists.js';
import { checkJsPage } from './check-js.js';
import { clientHash, visitorHash } from './client.js';
import { headerReasons } from './client-hints.js';
import { judgeContent, type ContentVerdict, type WrittenText } from './content/index.js';
import { checkEventToken, claimEventToken } from './event-token.js';
import type { ShieldKeys } from './keys.js';
import { claimPage, interacted } from './page-evidence.js';
import { claimPageStamp, readPageStamp } from './page-stamp.js';
import { postedValues } from './posted-values.js';
import { bindingOf, checkSolution } from './proof-of-work.js';
import { countSubmission } from './rates.js';
import { asRecord } from './record.js';
import { readSignals } from './signals.js';
import { tellReasons } from './tells.js';
import { usableToken } from './token-value.js';
import { trustOf } from './trusted-visitors.js';
import { typingMismatch } from './typing-binding.js';
import { countPosts } from './volume.js';
import type { Evidence } from './weigh.js';
import { zoneFitsRegion } from './zone-regions.js';

/**
 * Everything the shield reads about one submission before it weighs it: the page's signals, the
 * stamp, the page key and the token (each claimed, so another client cannot bring them again),
 * the step-up's answer, the rates and the volume, the behaviour and what was written.
 */

/** A submission's evidence, and what the verdict and its spam-log entry are made with. */
export interface Gathered {
  evidence: Evidence;
  /** What a step-up's puzzle is bound to: the visitor, the page stamp and the token. */
  bind: string;
  now: number;
  client: string;
  visitor: string;
  /** Who may have history here: the visitor, and each e-mail address the post gives as its own. */
  senders: string[];
  texts: string[];
  behaviour: BehaviourSummary | null;
  content: ContentVerdict;
  /** What the spam log shows beside the verdict, read on the way. */
  log: {
    path: string;
    serverElapsed: number | null;
    clientElapsed: number | null;
    pointerPoints: number;
    cookieType: ShieldSettings['cookieType'];
    region: string | undefined;
    pageZone: number | null;
  };
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Text a person wrote, by field (`postedValues`): every field but the shield's, the nonces and passwords. */
function writtenTexts(values: Record<string, unknown>, settings: ShieldSettings): WrittenText[] {
  const skip = /^(ct_|apbct_|_|action$|no_cache$|password|next$|waymark_step_up$)/;
  return Object.entries(values)
    .filter(([name]) => !skip.test(name) && name !== settings.honeypotFieldName && name !== HONEYPOT_DECOY_FIELD)
    .flatMap(([field, value]) => {
      const text = firstString(value);
      return text === undefined ? [] : [{ field, text }];
    });
}

const EMAIL = /[^\s@<>"',;:{}]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

/** Who may have history here: the visitor, and each e-mail address the post gives as its own. */
function sendersOf(keys: ShieldKeys, visitor: string, written: readonly WrittenText[]): string[] {
  const emails = written.filter((w) => /e-?mail|data/i.test(w.field)).flatMap((w) => w.text.match(EMAIL) ?? []);
  return [visitor, ...new Set(emails.map((e) => keys.mac('sender', e.toLowerCase()).slice(0, 32)))];
}

function honeypotState(fields: Record<string, unknown>, settings: ShieldSettings, pageSet: number | null) {
  const decoy = fields[HONEYPOT_DECOY_FIELD];
  const field = fields[settings.honeypotFieldName];
  if (decoy === undefined || field === undefined) return 'missing' as const;
  if (firstString(decoy) !== '') return 'filled' as const;
  return pageSet === null ? ('forged' as const) : ('ok' as const);
}

/** Mean ms between keys over the fields where at least 8 keys were typed. */
function typingInterval(typing: Record<string, unknown>): number | null {
  let keys = 0;
  let total = 0;
  for (const value of Object.values(typing)) {
    const { countOfKey, speedDelta } = asRecord(value);
    if (typeof countOfKey === 'number' && typeof speedDelta === 'number' && countOfKey >= 8) {
      keys += countOfKey;
      total += speedDelta * countOfKey;
    }
  }
  return keys === 0 ? null : total / keys;
}

export async function gatherEvidence(
  request: FastifyRequest,
  fields: Record<string, unknown>,
  form: ProtectedForm,
  settings: ShieldSettings,
): Promise<Gathered> {
  const app = request.server;
  const { keys } = app.shield;
  const now = Date.now();
  const client = clientHash(keys, request);

  const altSession = settings.cookieType === 'alternative' ? await readAltSession(app, request) : {};
  const signals = readSignals(request, { fields, altSession, cookiePrefix: '' });

  const stamp = fields[settings.honeypotFieldName];
  const stampTime = readPageStamp(keys, stamp, now);
  // A stamp another client already posted with is as good as a forged one.
  const pageSet = stampTime !== null && (await claimPageStamp(app.state, String(stamp), client)) ? stampTime : null;
  const serverElapsed = pageSet === null ? null : now - pageSet;
  const clientSet = num(signals[SIGNAL.pageSet]);
  const clientSubmit = num(signals[SIGNAL.submitTimestamp]);
  const clientElapsed = clientSet !== null && clientSubmit !== null ? Math.max(0, clientSubmit - clientSet) : null;
  // The page can only make itself look quicker than the server saw, never slower.
  const known = [serverElapsed, clientElapsed].filter((v): v is number => v !== null);
  const elapsedMs = known.length > 0 ? Math.min(...known) : null;

  const checkJsValue = signals[SIGNAL.checkJs] ?? firstString(fields[SIGNAL.checkJs]);
  const page = checkJsValue === undefined ? null : checkJsPage(keys, checkJsValue, now);
  const checkJs = checkJsValue === undefined ? 'absent' : page !== null ? 'ok' : 'bad';
  // The signals are one page's, and that page is one visitor's: another's brought them first.
  const signalsReplayed = page !== null && !(await claimPage(request, page));

  const tokenValue =
    usableToken(firstString(fields[EVENT_TOKEN_FIELD])) ??
    usableToken(signals[SIGNAL.eventToken]) ??
    usableToken(request.cookies[EVENT_TOKEN_FIELD]);
  const visitor = visitorHash(keys, request);
  // The puzzle is bound to the visitor, the page stamp and the token of the submission it was
  // asked of, so its answer comes back with exactly these, from the same sender, once.
  const bind = bindingOf(keys, visitor, firstString(stamp) ?? '', tokenValue ?? '');
  const solution = fields[STEP_UP_FIELD];
  const answer =
    solution === undefined ? null : await checkSolution(keys, app.state, firstString(solution), { now, bind });
  const stepUp: Evidence['stepUp'] = answer === null ? 'none' : answer.state === 'invalid' ? 'failed' : answer.state;
  const paid = answer?.state === 'ok' ? answer.paid : 0;
  // The answer's post is the one that was asked, sent again: it is not counted twice.
  const posts = paid > 0 ? null : await countPosts(request, keys, form, now);
  let token: Evidence['token'] = 'missing';
  if (tokenValue) {
    token = checkEventToken(keys, tokenValue, visitor, now);
    // The stepped-up submission claimed its token; the answer to its puzzle brings it once more.
    if (token === 'ok' && !(await claimEventToken(app.state, tokenValue)) && stepUp !== 'ok') token = 'replayed';
  }

  const values = postedValues(fields);
  const written = writtenTexts(values, settings);
  const texts = written.map((w) => w.text);
  const senders = sendersOf(keys, visitor, written);
  const behaviour = readBehaviour(signals);
  const content = await judgeContent(app, form, written, { senders, settings });
  const typing = asRecord(signals[SIGNAL.typing]);
  const region = app.shield.regions.regionOf(request.ip);
  const found = [
    ...tellReasons(signals),
    ...headerReasons(request, signals[SIGNAL.language]),
    ...(zoneFitsRegion(signals[SIGNAL.timezone], region) ? [] : (['timezone_mismatch'] as const)),
    ...behaviourReasons(behaviour),
    ...content.reasons,
    ...(typingMismatch(typing, values, behaviour?.touches ?? 0) ? (['typing_mismatch'] as const) : []),
    ...((await replayedBehaviour(app.state, visitor, behaviour)) ? (['behaviour_replayed'] as const) : []),
  ];
  const rates = await countSubmission(request, form, (value) => keys.mac('client', value).slice(0, 32));
  const trust = await trustOf(app.storage, settings, request.ip, visitor);
  const evidence: Evidence = {
    honeypot: honeypotState(fields, settings, pageSet),
    elapsedMs,
    javascript: checkJs !== 'absent' || token !== 'missing' || Object.keys(signals).length > 0,
    checkJs,
    signalsReplayed,
    token,
    interacted: interacted(signals),
    headless: signals[SIGNAL.headless] === true,
    typingIntervalMs: typingInterval(typing),
    visibleFields:
      firstString(fields[VISIBLE_FIELDS_FIELD]) !== undefined || signals[SIGNAL.visibleFields] !== undefined,
    rate: rates.address,
    networkRate: rates.network,
    blocked: {
      ip: addressBlocked(settings, request.ip),
      emailDomain: emailDomainBlocked(settings, texts),
      word: wordBlocked(settings, texts),
    },
    crawlerChecked: form === 'search' && settings.antiCrawler ? signals[SIGNAL.antiCrawler] === true : null,
    found,
    stepUp,
    trusted: trust === 'trusted_address',
    trustedVisitor: trust === 'trusted_visitor',
    paid,
    posts: posts ?? 0,
  };
  return {
    evidence,
    bind,
    now,
    client,
    visitor,
    senders,
    texts,
    behaviour,
    content,
    log: {
      path: request.url.split('?')[0] ?? '',
      serverElapsed,
      clientElapsed,
      pointerPoints: Array.isArray(signals[SIGNAL.pointer]) ? (signals[SIGNAL.pointer] as unknown[]).length : 0,
      cookieType: settings.cookieType,
      region,
      pageZone: num(signals[SIGNAL.timezone]),
    },
  };
}
