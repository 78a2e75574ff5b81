import { postAjax } from './ajax.js';

export interface VoteState {
  votes: number;
  /** This visitor's vote went through: the count shows green. */
  voted: boolean;
  /** A vote was sent; further clicks do nothing (the running flag is never reset). */
  running: boolean;
}

interface VoteAnswer {
  votes?: unknown;
  vote_status?: unknown;
}

export interface VoteTarget {
  id: number;
  title: string;
  url: string;
}

/**
 * Upvote counts by item id. Every copy of an item (its card, the popup, the featured widget)
 * reads from here, so one successful vote turns all of them green at once.
 */
export class VotesStore {
  readonly #states = new Map<number, VoteState>();
  readonly #listeners = new Set<() => void>();
  readonly #nonce: string;

  constructor(initial: Iterable<[number, number]>, nonce: string) {
    for (const [id, votes] of initial) this.#states.set(id, { votes, voted: false, running: false });
    this.#nonce = nonce;
  }

  get = (id: number): VoteState => this.#states.get(id) ?? NO_VOTES;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  async vote(item: VoteTarget): Promise<void> {
    const state = this.get(item.id);
    if (state.running) return;
    this.#update(item.id, { ...state, running: true });
    let answer: VoteAnswer;
    try {
      const response = await postAjax('qcpd_upvote_action', {
        post_id: String(item.id),
        meta_title: item.title,
        meta_link: item.url,
        li_id: `item-${item.id}`,
        security: this.#nonce,
      });
      answer = (await response.json()) as VoteAnswer;
    } catch {
      return; // The specification shows no handling of a failed call.
    }
    if (answer.vote_status === 'success' && typeof answer.votes === 'number') {
      this.#update(item.id, { votes: answer.votes, voted: true, running: true });
    }
  }

  #update(id: number, state: VoteState): void {
    this.#states.set(id, state);
    for (const listener of this.#listeners) listener();
  }
}

const NO_VOTES: VoteState = { votes: 0, voted: false, running: false };
