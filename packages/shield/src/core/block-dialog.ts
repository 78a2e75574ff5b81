import { SHIELD } from '@waymark/protocol/plain';
import type { Block } from './block.js';
import { el, openDialog } from './dialog.js';

/**
 * The block modal for pages without React: the platform's modal `<dialog>`, which keeps focus
 * inside and returns it on close. Its backdrop fades to 0.7 in 500 ms; a click on the backdrop
 * or on the close button closes it.
 */
const STYLE = `.apbct-block::backdrop{background:#000;opacity:0;animation:apbct-fade ${SHIELD.blockOverlayFadeMs}ms forwards}@keyframes apbct-fade{to{opacity:${SHIELD.blockOverlayOpacity}}}`;

export function showBlockDialog(block: Block): void {
  const close = el('button', 'Close');
  const dialog = openDialog('apbct-block', STYLE, 'Submission blocked', el('p', block.comment), close);
  close.onclick = () => dialog.close();
}
