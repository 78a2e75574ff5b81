import { HELD_TEXT, STEP_UP_ANSWER, STEP_UP_TEXT } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Answer } from '../plugins/call-registry.js';
import type { JudgedVerdict } from './judge.js';
import type { Challenge } from './proof-of-work.js';
import { renderStepUpPage } from './step-up-page.js';

/** What a blocked submission gets: the block answer for ajax, a server-rendered page for a classic post. */

export function blockAnswer(comment: string, stopScript = false): Answer {
  return new Answer(200, { apbct: { blocked: true, comment, stop_script: stopScript ? 1 : 0 } });
}

/**
 * A step-up: not blocked yet, but the page must solve the puzzle and send again. Beside the block
 * answer, so the original page script (which knows no puzzle) shows the message as a block.
 */
export function stepUpAnswer(challenge: Challenge, comment: string = STEP_UP_TEXT): Answer {
  return new Answer(200, {
    apbct: { blocked: true, comment, stop_script: 0 },
    [STEP_UP_ANSWER]: challenge,
  });
}

export function renderBlockedPage(reply: FastifyReply, message: string): Promise<FastifyReply> {
  return reply.renderPage({ page: 'blocked', title: 'Submission blocked', message }, 403);
}

export interface RefusalOptions {
  /**
   * The form keeps what it takes for an administrator's look before it shows anywhere (a
   * suggestion, a listing, a claim): a hold is taken, and the verdict goes with it.
   */
  moderated?: boolean;
}

/** Whether the verdict lets the form take the submission (a hold only where a person looks at it). */
const taken = (verdict: JudgedVerdict, { moderated = false }: RefusalOptions) =>
  verdict.fate === 'pass' || (verdict.fate === 'hold' && moderated);

/**
 * An ajax call's answer for a verdict that does not pass: the block answer, the puzzle for a
 * step-up, or the held answer for a hold the form cannot keep for a moderator; null when the
 * form may take it. Never a silent pass in doubt.
 */
export function refusalAnswer(
  request: FastifyRequest,
  verdict: JudgedVerdict,
  options: RefusalOptions = {},
): Answer | null {
  if (taken(verdict, options)) return null;
  if (verdict.fate === 'step-up' && verdict.challenge) return stepUpAnswer(verdict.challenge);
  return blockAnswer(verdict.fate === 'hold' ? HELD_TEXT : request.server.shield.settings().blockMessage);
}

/**
 * A classic post's page for a verdict that does not pass: the blocked page, or the step-up page
 * that solves the puzzle and posts the same fields again; null when the form may take it.
 */
export function refusalPage(
  request: FastifyRequest,
  reply: FastifyReply,
  verdict: JudgedVerdict,
  options: RefusalOptions = {},
): Promise<FastifyReply> | FastifyReply | null {
  if (taken(verdict, options)) return null;
  if (verdict.fate === 'step-up' && verdict.challenge) return renderStepUpPage(request, reply, verdict.challenge);
  return renderBlockedPage(reply, verdict.fate === 'hold' ? HELD_TEXT : request.server.shield.settings().blockMessage);
}
