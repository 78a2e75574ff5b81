import { useShield } from '@waymark/shield/react';
import { useId, useSyncExternalStore } from 'react';
import type { DirectoryItem } from '@waymark/protocol';
import { useDirectory, useVote } from './directory-context.js';

/**
 * The upvote control of one copy of an item; every copy shows the same count and colour. A vote
 * that did not count says why next to the button, as the button's description. The vote carries
 * the shield's signals: the server refuses it when they are forged or another visitor's.
 */
export function UpvoteButton({ item }: { item: DirectoryItem }) {
  const { votes } = useDirectory();
  const { signals } = useShield();
  const state = useVote(item.id);
  const noteId = useId();
  const count = `${state.votes} ${state.votes === 1 ? 'vote' : 'votes'}`;
  return (
    <>
      <button
        type="button"
        className={state.voted ? 'dir-upvote dir-upvote--voted' : 'dir-upvote'}
        aria-label={state.voted ? `${count}: you upvoted ${item.title}` : `${count}: upvote ${item.title}`}
        aria-describedby={state.refusal ? noteId : undefined}
        data-voted={state.voted ? 'true' : 'false'}
        onClick={() => void votes.vote(item, signals)}
      >
        <span aria-hidden="true">▲</span> <span className="dir-upvote__count">{state.votes}</span>
      </button>
      {state.refusal && (
        <span id={noteId} className="dir-upvote__note">
          {state.refusal}
        </span>
      )}
    </>
  );
}

/**
 * The page's one polite live region for votes that did not count: each refusal is said once,
 * a repeat of the same words too (its paragraph is a new one each time).
 */
export function VoteAnnouncer() {
  const { votes } = useDirectory();
  const notice = useSyncExternalStore(votes.subscribe, votes.notice, votes.notice);
  return (
    <div className="visually-hidden" role="status" data-vote-status="">
      {notice && <p key={notice.seq}>{notice.text}</p>}
    </div>
  );
}
