import { SHIELD } from '@waymark/protocol/plain';
import type { Block } from './block.js';

/**
 * The block modal for pages without React: the platform's modal `<dialog>`, which keeps focus
 * inside and returns it on close. Its backdrop fades to 0.7 in 500 ms; a click on the backdrop
 * or on the close button closes it.
 */
const STYLE = `.apbct-block::backdrop{background:#000;opacity:0;animation:apbct-fade ${SHIELD.blockOverlayFadeMs}ms forwards}@keyframes apbct-fade{to{opacity:${SHIELD.blockOverlayOpacity}}}.apbct-block{max-width:32rem;border:0;border-radius:8px;padding:1.5rem;font:inherit}`;

export function showBlockDialog(block: Block): void {
  if (!document.getElementById('apbct-block-style')) {
    const style = document.createElement('style');
    style.id = 'apbct-block-style';
    style.textContent = STYLE;
    document.head.append(style);
  }
  const dialog = document.createElement('dialog');
  dialog.className = 'apbct-block';
  dialog.setAttribute('aria-labelledby', 'apbct-block-title');
  const title = document.createElement('h2');
  title.id = 'apbct-block-title';
  title.textContent = 'Submission blocked';
  const message = document.createElement('p');
  message.textContent = block.comment;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.onclick = () => dialog.close();
  // A click on the backdrop lands on the dialog element itself.
  dialog.onclick = (event) => event.target === dialog && dialog.close();
  dialog.onclose = () => dialog.remove();
  dialog.append(title, message, close);
  document.body.append(dialog);
  dialog.showModal();
}
