import type { FastifyReply } from 'fastify';
import { Answer } from '../plugins/call-registry.js';

/** What a blocked submission gets: the block answer for ajax, a server-rendered page for a classic post. */

export function blockAnswer(comment: string, stopScript = false): Answer {
  return new Answer(200, { apbct: { blocked: true, comment, stop_script: stopScript ? 1 : 0 } });
}

export function renderBlockedPage(reply: FastifyReply, message: string): Promise<FastifyReply> {
  return reply.renderPage({ page: 'blocked', title: 'Submission blocked', message }, 403);
}
