import { on } from './config.js';
import { parseQuietly } from './encode.js';

/**
 * A block reply (PROTOCOL.md section 3): `{"apbct":{"blocked":true,"comment":"…","stop_script":0|1}}`,
 * also `{"blocked":true,"comment":"…"}` from older servers, and `{"data":{"message":"…"}}` on a
 * failed answer.
 */
export interface Block {
  comment: string;
  stopScript: boolean;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function readBlock(body: unknown): Block | null {
  if (typeof body === 'string') body = parseQuietly(body);
  if (!isObject(body)) return null;
  const inner = isObject(body.apbct) ? body.apbct : body;
  const stopScript = on(inner.stop_script);
  if (inner.blocked === true && typeof inner.comment === 'string') return { comment: inner.comment, stopScript };
  // `data.message` alone is any plugin's error text: it is a block only on an answer marked failed.
  if (isObject(body.data) && typeof body.data.message === 'string' && (body.success === false || stopScript)) {
    return { comment: body.data.message, stopScript };
  }
  return null;
}
