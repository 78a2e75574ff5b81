import type { z } from 'zod';

/**
 * Who may make a call. `user` needs a signed-in session, `staff` an editor or administrator (the
 * back office's item work), `admin` the administrator role.
 */
export type Access = 'public' | 'user' | 'staff' | 'admin';

/** How an answer is encoded on the wire. */
export type AnswerFormat = 'json' | 'text' | 'html';

export interface NonceRule {
  /** The form field that carries the nonce. */
  field: string;
  /** The action the nonce was made for. */
  action: string;
  /** The answer when the nonce fails; absent means the protocol's `-1` with status 403. */
  onFail?: { status: number; body: unknown };
}

export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** The catalogue key: the admin-ajax action where there is one. */
  name: string;
  description: string;
  access: Access;
  request: Req;
  response: Res;
  /** Served at `POST {ajax url}` with `action=<action>`. */
  ajax?: { action: string; answer: AnswerFormat; nonce?: NonceRule };
  /** Served at `POST {rest url}cleantalk-antispam/v1/<route>`, nonce in `X-WP-Nonce`. */
  rest?: { route: string; answer: AnswerFormat };
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>) {
  return def;
}

export type CallRequest<C extends CallDef> = z.output<C['request']>;
export type CallResponse<C extends CallDef> = z.input<C['response']>;
