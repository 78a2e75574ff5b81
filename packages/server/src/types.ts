import type { Config } from './config.js';
import type { Storage } from './db/connect.js';
import type { Nonces } from './auth/nonces.js';
import type { SharedState } from './shared-state/shared-state.js';
import type { CallRegistry } from './protocol/registry.js';
import type { LightboxSettings } from '@waymark/protocol';
import type { PageContext, PageData } from '@waymark/web';

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: string;
  /** The session row's id: what nonces are bound to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    storage: Storage;
    state: SharedState;
    nonces: Nonces;
    calls: CallRegistry;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** What nonces made for this visitor are bound to: the session, or '' when anonymous. */
    nonceSession: string;
    /** Whether the body was read without error: errors before that are the client's. */
    bodyRead: boolean;
  }
  interface FastifyReply {
    /** This response's script nonce for the content security policy. */
    cspScriptNonce: string;
    renderPage(data: PageData, status?: number): Promise<FastifyReply>;
    pageContext(data: PageData, lightbox: LightboxSettings): PageContext;
  }
}
