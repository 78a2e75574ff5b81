/** Contact the owner: the button on an item and the dialog with its protected form. */
export { ContactOwnerButton } from './ContactOwnerButton.js';
export { ContactOwnerDialog } from './ContactOwnerDialog.js';
export { useContactOwner } from './use-contact-owner.js';
