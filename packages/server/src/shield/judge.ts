import type { ProtectedForm } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { JUDGED_FORMS, rememberSenders } from './content/index.js';
import { gatherEvidence, type Gathered } from './gather-evidence.js';
import { priceLabel } from './price.js';
import { issueChallenge, type Challenge } from './proof-of-work.js';
import { recordVerdict } from './record-verdict.js';
import { SPAM_LOG_CONTENT } from './spam-log.js';
import { weigh, type Verdict } from './weigh.js';

/**
 * The one server API every protected form uses: gathers a submission's evidence from its fields
 * and the request, weighs it, records the verdict in the spam log, and answers `{ allowed,
 * reasons, score }` with the fate.
 */

export interface JudgeOptions {
  form: ProtectedForm;
}

/** A verdict with, when its fate is `step-up`, the puzzle the page must solve to pass. */
export interface JudgedVerdict extends Verdict {
  challenge?: Challenge;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The spam log's evidence of a submission: what was read, then the fate and its price, then how the page was used. */
function detailsOf({ evidence, log, behaviour, content }: Gathered, verdict: Verdict) {
  return {
    path: log.path,
    elapsedMs: evidence.elapsedMs,
    serverElapsedMs: log.serverElapsed,
    clientElapsedMs: log.clientElapsed,
    honeypot: evidence.honeypot,
    checkJs: evidence.checkJs,
    signalsReplayed: evidence.signalsReplayed,
    token: evidence.token,
    interacted: evidence.interacted,
    headless: evidence.headless,
    pointerPoints: log.pointerPoints,
    typingIntervalMs: evidence.typingIntervalMs === null ? null : Math.round(evidence.typingIntervalMs),
    visibleFields: evidence.visibleFields,
    rate: evidence.rate,
    networkRate: evidence.networkRate,
    cookieType: log.cookieType,
    fate: verdict.fate,
    stepUp: evidence.stepUp,
    priceAsked: verdict.fate === 'step-up' ? priceLabel(verdict.price) : null,
    pricePaid: evidence.paid > 0 ? evidence.paid : null,
    doubtAfter: evidence.paid > 0 ? verdict.doubt : null,
    // A paid answer's post is the one that was asked, not counted twice: no figure of its own.
    postsInHour: evidence.paid > 0 ? null : evidence.posts,
    keys: behaviour?.keyGap.count ?? 0,
    keyGapCv: behaviour && behaviour.keyGap.mean > 0 ? round(behaviour.keyGap.sd / behaviour.keyGap.mean) : null,
    keyHoldMs: behaviour ? round(behaviour.keyHold.mean) : null,
    pointerTurn: behaviour ? round(behaviour.turn.mean) : null,
    clicks: behaviour?.mouseClicks ?? 0,
    approached: behaviour?.approached ?? 0,
    region: log.region ?? null,
    pageZone: log.pageZone,
    links: content.links,
    spamProbability: content.spamProbability === null ? null : round(content.spamProbability),
    contentFeatures: content.features || null,
  };
}

export async function judgeSubmission(
  request: FastifyRequest,
  fields: Record<string, unknown>,
  { form }: JudgeOptions,
): Promise<JudgedVerdict> {
  const app = request.server;
  // One reading of the settings for the whole judgement, however soon an administrator changes them.
  const settings = app.shield.settings();
  const gathered = await gatherEvidence(request, fields, form, settings);
  const { keys } = app.shield;
  const verdict: JudgedVerdict = weigh(gathered.evidence, { form, ...settings });
  if (verdict.fate === 'step-up' && verdict.price.kind === 'work') {
    const { now, bind } = gathered;
    verdict.challenge = issueChallenge(keys, { now, bind, maxnumber: verdict.price.maxnumber });
  }
  if (verdict.fate === 'pass') await rememberSenders(app, gathered.senders);

  await recordVerdict(app, {
    form,
    verdict,
    clientHash: gathered.client,
    visitorHash: gathered.visitor,
    details: detailsOf(gathered, verdict),
    // Only what the content judge read: a decision about a sign-in's e-mail address teaches nothing.
    content: JUDGED_FORMS.has(form) ? gathered.texts.join('\n').slice(0, SPAM_LOG_CONTENT) : '',
  });
  return verdict;
}
