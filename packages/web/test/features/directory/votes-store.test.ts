import { describe, expect, it, vi } from 'vitest';
import { VOTE_REFUSALS, VotesStore, type Request, type Signals } from '../../../src/features/directory/votes-store.js';

const item = { id: 7, title: 'Green Cup', url: 'https://green.example/' };

/** The shield's request layer, answering every call with `body`. */
function answer(body: unknown) {
  return vi.fn<Request>(async () => body);
}

describe('votes store', () => {
  it('sends one vote with the nonce and turns the count green on success', async () => {
    const request = answer({ votes: 4, vote_status: 'success', cookies: 'waymark_visitor=x' });
    const store = new VotesStore([[7, 3]], 'abcdef0123', request);
    let told = 0;
    store.subscribe(() => (told += 1));
    await store.vote(item);
    expect(store.get(7)).toEqual({ votes: 4, voted: true, running: true, refusal: null });
    expect(store.notice()).toBeNull();
    expect(told).toBe(2); // running, then the answer
    const [call, body] = request.mock.calls[0] ?? [];
    expect(call?.action).toBe('qcpd_upvote_action');
    expect(body).toMatchObject({ post_id: '7', li_id: 'item-7', security: 'abcdef0123' });
  });

  it('starts the visitor’s own earlier votes green, and says so instead of sending a vote', async () => {
    const request = answer({ votes: 9, vote_status: 'success', cookies: 'waymark_visitor=x' });
    const store = new VotesStore(
      [
        [7, 3],
        [8, 1],
      ],
      'abcdef0123',
      request,
      [7],
    );
    expect(store.get(7)).toEqual({ votes: 3, voted: true, running: false, refusal: null });
    expect(store.get(8).voted).toBe(false);
    await store.vote(item);
    await store.vote(item);
    expect(request).not.toHaveBeenCalled();
    expect(store.get(7)).toMatchObject({ votes: 3, voted: true, refusal: VOTE_REFUSALS.already });
    // Each click is said again: the notice is a new one with the same words.
    expect(store.notice()).toEqual({ text: VOTE_REFUSALS.already, seq: 2 });
  });

  it('blocks repeat clicks with the running flag, and says why a failed vote did not count', async () => {
    const request = answer({ votes: 5, vote_status: 'failed', cookies: 'waymark_visitor=x' });
    const store = new VotesStore([[7, 3]], 'abcdef0123', request);
    await Promise.all([store.vote(item), store.vote(item)]);
    expect(request).toHaveBeenCalledTimes(1);
    // The server's count is shown; the vote is not green.
    expect(store.get(7)).toEqual({ votes: 5, voted: false, running: true, refusal: VOTE_REFUSALS.failed });
    expect(store.notice()).toEqual({ text: VOTE_REFUSALS.failed, seq: 1 });
    await store.vote(item);
    expect(request).toHaveBeenCalledTimes(1);
    expect(store.notice()).toEqual({ text: VOTE_REFUSALS.failed, seq: 2 });
  });

  it('tells a stale page from other refusals by the empty cookies of the nonce failure', async () => {
    const store = new VotesStore([[7, 3]], 'abcdef0123', answer({ votes: 0, vote_status: 'failed', cookies: '' }));
    await store.vote(item);
    // The nonce failure's 0 is no count: the shown one stays.
    expect(store.get(7)).toEqual({ votes: 3, voted: false, running: true, refusal: VOTE_REFUSALS.expired });
  });

  it('says the vote could not be counted when the call fails or its answer is not an upvote answer', async () => {
    const failing = vi.fn<Request>(async () => Promise.reject(new Error('Internal server error')));
    const broken = answer({ votes: 'many', vote_status: 'success' });
    for (const request of [failing, broken]) {
      const store = new VotesStore([[7, 3]], 'abcdef0123', request);
      await store.vote(item);
      expect(store.get(7)).toEqual({ votes: 3, voted: false, running: true, refusal: VOTE_REFUSALS.failed });
    }
  });

  it('carries the shield’s signals as the decode call does: the stored data always, the token when it is whole', async () => {
    const data = { ct_checkjs: 'key', ct_pointer_data: [[1, 2, 3]] };
    const sent = async (token: string) => {
      const request = answer({ votes: 4, vote_status: 'success', cookies: 'waymark_visitor=x' });
      const signals = vi.fn<Signals>(() => ({ token, data }));
      const store = new VotesStore([[7, 3]], 'abcdef0123', request);
      // Read at the click, not before: the page's behaviour up to the vote is what counts.
      expect(signals).not.toHaveBeenCalled();
      await store.vote(item, signals);
      expect(signals).toHaveBeenCalledTimes(1);
      return request.mock.calls[0]?.[1];
    };
    const token = 'a'.repeat(64);
    expect(await sent(token)).toMatchObject({
      post_id: '7',
      event_javascript_data: JSON.stringify(data),
      event_token: token,
    });
    // No whole token (the bot detector off, or none issued yet): the signals go alone.
    const alone = await sent('');
    expect(alone).toMatchObject({ post_id: '7', event_javascript_data: JSON.stringify(data) });
    expect(alone).not.toHaveProperty('event_token');
  });

  it('sends the vote without evidence when the shield cannot give its signals', async () => {
    const request = answer({ votes: 4, vote_status: 'success', cookies: 'waymark_visitor=x' });
    const store = new VotesStore([[7, 3]], 'abcdef0123', request);
    await store.vote(item, () => {
      throw new Error('storage is off');
    });
    expect(request.mock.calls[0]?.[1]).not.toHaveProperty('event_javascript_data');
    expect(store.get(7)).toEqual({ votes: 4, voted: true, running: true, refusal: null });
  });
});
