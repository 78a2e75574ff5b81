import { useId } from 'react';
import { EmbedDialog, EmbedListLink } from './EmbedDialog.js';

/** Every list with its embed link, and the modal the links open (administrators' pages). */
export function EmbedLists({ lists }: { lists: readonly { id: number; title: string }[] }) {
  const id = useId();
  return (
    <section className="panel embed-lists" aria-labelledby={id}>
      <h2 id={id}>Embed a list on another site</h2>
      <ul>
        {lists.map((list) => (
          <li key={list.id}>
            <span>{list.title}</span>
            <EmbedListLink list={list.id} title={list.title} />
          </li>
        ))}
      </ul>
      <EmbedDialog />
    </section>
  );
}
