import { afterEach, describe, expect, it, vi } from 'vitest';
import { VotesStore } from '../src/features/directory/votes-store.js';

const item = { id: 7, title: 'Green Cup', url: 'https://green.example/' };

function answer(body: unknown) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
}

describe('votes store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one vote with the nonce and turns the count green on success', async () => {
    const fetch = answer({ votes: 4, vote_status: 'success', cookies: 'waymark_visitor=x' });
    vi.stubGlobal('fetch', fetch);
    const store = new VotesStore([[7, 3]], 'abcdef0123');
    let told = 0;
    store.subscribe(() => (told += 1));
    await store.vote(item);
    expect(store.get(7)).toEqual({ votes: 4, voted: true, running: true });
    expect(told).toBe(2); // running, then the answer
    const body = fetch.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('action')).toBe('qcpd_upvote_action');
    expect(body.get('post_id')).toBe('7');
    expect(body.get('li_id')).toBe('item-7');
    expect(body.get('security')).toBe('abcdef0123');
  });

  it('blocks repeat clicks with the running flag, and does nothing on a failed vote', async () => {
    const fetch = answer({ votes: 3, vote_status: 'failed', cookies: '' });
    vi.stubGlobal('fetch', fetch);
    const store = new VotesStore([[7, 3]], 'abcdef0123');
    await Promise.all([store.vote(item), store.vote(item)]);
    await store.vote(item);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.get(7)).toEqual({ votes: 3, voted: false, running: true });
  });
});
