import { CALLS, SHIELD } from '@waymark/protocol';
import type { ShieldApi } from '@waymark/shield/react';
import { loadAnswerSchemas } from '../../shared/load-answer-schemas.js';

export interface VoteState {
  votes: number;
  /** This visitor's vote is counted (now, or on an earlier visit): the count shows green. */
  voted: boolean;
  /** A vote was sent; further clicks send nothing (the running flag is never reset). */
  running: boolean;
  /** Why the last click did not count, in words; null while nothing was refused. */
  refusal: string | null;
}

/** What the visitor is told when a vote does not count. */
export const VOTE_REFUSALS = {
  /** The page knows it: the server said so when it made the page, or a vote counted since. */
  already: 'You have already upvoted this place.',
  /** The nonce was refused (PROTOCOL.md section 5 answers it with an empty `cookies`). */
  expired: 'This page is too old to vote from. Reload it and try again.',
  /**
   * The server refused without saying why: a vote from another tab, the daily limit, upvotes off,
   * or the spam shield, which did not see a person on this page.
   */
  failed:
    'Your vote could not be counted. You may have voted for this place already, too many votes may have come from your network today, or the page that sent it failed the site’s spam check.',
} as const;

/** A refusal said to screen readers; `seq` tells a repeat of the same words apart. */
export interface VoteNotice {
  text: string;
  seq: number;
}

/** The shield's one request layer, through which the vote travels. */
export type Request = ShieldApi['request'];
/**
 * The visitor's signals at the click, which the server judges the vote by (the event token and the
 * stored data): a vote is a call without a form, like the decoder's.
 */
export type Signals = ShieldApi['signals'];

export interface VoteTarget {
  id: number;
  title: string;
  url: string;
}

/**
 * Upvote counts by item id. Every copy of an item (its card, the popup, the featured widget)
 * reads from here, so one successful vote turns all of them green at once. Items the visitor
 * voted for before (the page says which) start green; a click on one sends nothing and says so.
 */
export class VotesStore {
  readonly #states = new Map<number, VoteState>();
  readonly #listeners = new Set<() => void>();
  readonly #nonce: string;
  readonly #request: Request;
  #notice: VoteNotice | null = null;

  constructor(initial: Iterable<[number, number]>, nonce: string, request: Request, voted: Iterable<number> = []) {
    const own = new Set(voted);
    for (const [id, votes] of initial) {
      this.#states.set(id, { votes, voted: own.has(id), running: false, refusal: null });
    }
    this.#nonce = nonce;
    this.#request = request;
  }

  get = (id: number): VoteState => this.#states.get(id) ?? NO_VOTES;

  /** The latest refusal, for the page's one polite live region. */
  notice = (): VoteNotice | null => this.#notice;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** `signals` are the shield's evidence of the page; a vote without them is judged without. */
  async vote(item: VoteTarget, signals?: Signals): Promise<void> {
    const state = this.get(item.id);
    if (state.voted) return this.#refuse(item.id, { ...state, refusal: VOTE_REFUSALS.already });
    // A vote on its way, or one refused already: say the reason again, send nothing.
    if (state.running) return state.refusal ? this.#refuse(item.id, state) : undefined;
    this.#update(item.id, { ...state, running: true });
    const answer = await this.#send(item, signals);
    const now = this.get(item.id);
    if (answer?.vote_status === 'success') {
      this.#update(item.id, { ...now, votes: answer.votes, voted: true, refusal: null });
    } else {
      const reason = answer && answer.cookies === '' ? VOTE_REFUSALS.expired : VOTE_REFUSALS.failed;
      this.#refuse(item.id, {
        ...now,
        votes: answer && answer.cookies !== '' ? answer.votes : now.votes,
        refusal: reason,
      });
    }
  }

  /**
   * The vote through the request layer, its answer read with the call's schema; null when it
   * fails. The signals go as on the decode call: the stored data always, the token when there is one.
   */
  async #send(item: VoteTarget, signals?: Signals) {
    const fields: Record<string, string> = {
      post_id: String(item.id),
      meta_title: item.title,
      meta_link: item.url,
      li_id: `item-${item.id}`,
      security: this.#nonce,
    };
    try {
      if (signals) {
        const { token, data } = signals();
        fields.event_javascript_data = JSON.stringify(data);
        if (token.length === SHIELD.eventTokenLength) fields.event_token = token;
      }
    } catch {
      // Storage off or the shield stopped: the vote goes without evidence, a doubt the server counts.
    }
    try {
      const [answer, { upvote }] = await Promise.all([this.#request(CALLS.upvote, fields), loadAnswerSchemas()]);
      return upvote.response.parse(answer);
    } catch {
      return null;
    }
  }

  #refuse(id: number, state: VoteState): void {
    this.#notice = { text: state.refusal ?? VOTE_REFUSALS.failed, seq: (this.#notice?.seq ?? 0) + 1 };
    this.#update(id, state);
  }

  #update(id: number, state: VoteState): void {
    this.#states.set(id, state);
    for (const listener of this.#listeners) listener();
  }
}

const NO_VOTES: VoteState = { votes: 0, voted: false, running: false, refusal: null };
