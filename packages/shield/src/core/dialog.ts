/** A new element with its text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text = ''): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

/**
 * The page script's popups: the platform's modal `<dialog>`, which keeps focus inside, makes the
 * rest of the page inert and closes on Escape (the WAI-ARIA dialog pattern), named by its title;
 * its style (after the shared frame) is added to the page once; a click on the backdrop closes it
 * and closing removes it. The content sits in one padded box, so that only a click outside it
 * lands on the dialog itself.
 */
export function openDialog(name: string, style: string, title: string, ...content: Node[]): HTMLDialogElement {
  if (!document.getElementById(name)) {
    const sheet = el(
      'style',
      `.${name}{max-width:28rem;border:0;border-radius:8px;padding:0}.${name}>div{padding:0 1.25rem 1.25rem;display:grid;gap:.5em;justify-items:start}${style}`,
    );
    sheet.id = name;
    document.head.append(sheet);
  }
  const dialog = el('dialog');
  const box = el('div');
  dialog.className = name;
  dialog.setAttribute('aria-label', title);
  box.append(el('h2', title), ...content);
  dialog.append(box);
  dialog.onclick = (event) => event.target === dialog && dialog.close();
  dialog.onclose = () => dialog.remove();
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
