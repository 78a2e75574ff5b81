import type { DirectoryItem } from '../../page-data.js';
import { useDirectory, useVote } from './directory-context.js';

/** The upvote control of one copy of an item; every copy shows the same count and colour. */
export function UpvoteButton({ item }: { item: DirectoryItem }) {
  const { votes } = useDirectory();
  const state = useVote(item.id);
  return (
    <button
      type="button"
      className={state.voted ? 'dir-upvote dir-upvote--voted' : 'dir-upvote'}
      aria-label={`${state.votes} ${state.votes === 1 ? 'vote' : 'votes'}: upvote ${item.title}`}
      data-voted={state.voted ? 'true' : 'false'}
      onClick={() => void votes.vote(item)}
    >
      <span aria-hidden="true">▲</span> <span className="dir-upvote__count">{state.votes}</span>
    </button>
  );
}
