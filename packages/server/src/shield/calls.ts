import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../plugins/call-registry.js';
import { registerAltSessions } from './alt-sessions.js';
import { registerBotDetector } from './bot-detector.js';
import { registerPixelCall } from './pixel.js';

/** The spam shield's calls of PROTOCOL.md section 3, and Waymark's bot detector. */
export function registerShieldCalls(calls: CallRegistry, app: FastifyInstance) {
  registerAltSessions(calls, app);
  registerPixelCall(calls);
  registerBotDetector(calls, app);
}
