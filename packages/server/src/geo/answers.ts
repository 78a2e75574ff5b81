import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Gazetteer } from './gazetteer.js';
import { normalizeName } from './normalize.js';

/** Searches kept: people type the same few letters ("par", "lon", "san") again and again. */
const KEPT_ANSWERS = 10_000;

/** A search answer as it goes out: its UTF-8 JSON and that body's weak validator. */
export interface KeptAnswer {
  readonly body: Buffer;
  /**
   * The same weak ETag the compression plugin's hook would work out from the body (SHA-1,
   * base64): sent with the answer, so that hook does not hash the same bytes on every request.
   */
  readonly etag: string;
}

function keptAnswer(json: string): KeptAnswer {
  const body = Buffer.from(json, 'utf8');
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64')}"` };
}

/**
 * The gazetteer's search answers, already written as JSON, by the query's normalized form: a
 * search typed before costs a lookup instead of a match, a ranking and a serialization. A query
 * seen before exactly as typed is found without even normalizing it again. The answers belong
 * to one gazetteer; a rebuilt one (the directory's addresses changed) starts afresh.
 */
export class SearchAnswers {
  readonly #answers = new LRUCache<string, KeptAnswer>({ max: KEPT_ANSWERS });
  readonly #asTyped = new LRUCache<string, KeptAnswer>({ max: KEPT_ANSWERS });
  #for: Gazetteer | null = null;

  /** The answer kept for this query exactly as typed, if there is one. */
  peek(gazetteer: Gazetteer, q: string, limit: number, details: boolean): KeptAnswer | undefined {
    this.#belongTo(gazetteer);
    return this.#asTyped.get(typedKey(q, limit, details));
  }

  /** The answer for this query, worked out (and kept) with `answer` when it is not kept yet. */
  get(gazetteer: Gazetteer, q: string, limit: number, details: boolean, answer: () => unknown): KeptAnswer {
    this.#belongTo(gazetteer);
    const typed = typedKey(q, limit, details);
    let kept = this.#asTyped.get(typed);
    if (kept) return kept;
    // The comma is kept: what follows it qualifies the place ("paris, texas").
    const key = `${limit}|${details ? 1 : 0}|${q.split(',').map(normalizeName).join(',')}`;
    kept = this.#answers.get(key);
    if (!kept) {
      kept = keptAnswer(JSON.stringify(answer()));
      this.#answers.set(key, kept);
    }
    this.#asTyped.set(typed, kept);
    return kept;
  }

  #belongTo(gazetteer: Gazetteer): void {
    if (gazetteer === this.#for) return;
    this.#answers.clear();
    this.#asTyped.clear();
    this.#for = gazetteer;
  }
}

const typedKey = (q: string, limit: number, details: boolean) => `${limit}|${details ? 1 : 0}|${q}`;
