import { DirectoryPopup } from '@waymark/lightbox';
import { useShield } from '@waymark/shield/react';
import { useCallback } from 'react';
import type { DirectoryItem } from '@waymark/protocol';
import type { PopupState } from './use-item-popup.js';
import type { VotesStore } from './votes-store.js';

/**
 * The item popup: the lightbox's directory popup with the long description the server renders
 * for the item ("Loading...", "Close (Esc)" and the catalogue's errors are the popup's). The
 * upvote block in it counts and colours as every other copy of the item.
 */
export function ItemPopup({
  state,
  votes,
  onClose,
  drawMap,
  decorate,
}: {
  state: PopupState | null;
  votes: VotesStore;
  onClose: () => void;
  /** Draws the item's map in the popup's map slot (the map feature's, handed over by the app). */
  drawMap?: ((slot: HTMLElement) => () => void) | undefined;
  /** Adds other features' controls to the popup (the app's bookmark star); answers how to take them away. */
  decorate?: ((content: HTMLElement, item: DirectoryItem) => () => void) | undefined;
}) {
  const item = state?.item;
  const { signals } = useShield();
  const wire = useCallback(
    (content: HTMLElement) => {
      if (!item) return;
      let said = votes.notice()?.seq ?? 0;
      const sync = () => {
        for (const button of content.querySelectorAll<HTMLElement>('[data-upvote-item]')) {
          const vote = votes.get(Number(button.dataset.upvoteItem));
          button.dataset.voted = String(vote.voted);
          button.classList.toggle('qcpd-upvote__button--voted', vote.voted);
          const count = button.querySelector('[data-upvote-count]');
          if (count) count.textContent = String(vote.votes);
        }
        // A refusal is said anew on every click: a new node in the live region, even for the same words.
        const seq = votes.notice()?.seq ?? 0;
        for (const note of content.querySelectorAll<HTMLElement>('[data-upvote-note]')) {
          const refusal = votes.get(Number(note.dataset.upvoteNote)).refusal;
          if (!refusal) note.replaceChildren();
          else if (seq !== said || note.textContent !== refusal) note.replaceChildren(refusalText(refusal));
        }
        said = seq;
      };
      const click = (event: MouseEvent) => {
        if ((event.target as Element).closest('[data-upvote-item]')) void votes.vote(item, signals);
      };
      sync();
      const unsubscribe = votes.subscribe(sync);
      content.addEventListener('click', click);
      const slot = content.querySelector<HTMLElement>('.qcpd-popup__map[data-latlon]');
      const removeMap = slot && drawMap ? drawMap(slot) : null;
      const undecorate = decorate?.(content, item);
      return () => {
        undecorate?.();
        removeMap?.();
        unsubscribe();
        content.removeEventListener('click', click);
      };
    },
    [item, votes, signals, drawMap, decorate],
  );

  return (
    <DirectoryPopup
      open={state !== null}
      items={
        state ? [{ type: 'ajax', src: state.request.url, request: { type: 'POST', data: state.request.fields } }] : []
      }
      opener={state?.opener ?? null}
      label={state?.item.title ?? ''}
      onClose={onClose}
      onReady={wire}
    />
  );
}

function refusalText(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}
