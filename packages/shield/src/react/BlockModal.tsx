import * as Dialog from '@radix-ui/react-dialog';
import type { Block } from '../core/block.js';
import './shield.css';

/**
 * The block modal (spec section 2): a full-screen overlay fading to 0.7 in 500 ms, the server's
 * message and a close button; a click on the overlay closes it too. Radix keeps focus inside
 * while it is open and gives it back on close.
 */
export function BlockModal({ block, onClose }: { block: Block | null; onClose: () => void }) {
  return (
    <Dialog.Root open={block !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="shield-block__overlay" data-testid="shield-block-overlay" />
        <Dialog.Content className="shield-block">
          <Dialog.Title className="shield-block__title">Submission blocked</Dialog.Title>
          <Dialog.Description className="shield-block__message">{block?.comment}</Dialog.Description>
          <Dialog.Close className="shield-block__close">Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
