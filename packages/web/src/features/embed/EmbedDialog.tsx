import { EMBED_MODAL_ID, embedSnippet, EMBED_UNITS, parseEmbedQuery, type EmbedUnit } from '@waymark/protocol';
import { CALLS } from '@waymark/protocol/plain';
import { useShield } from '@waymark/shield/react';
import { useEffect, useId, useRef, useState } from 'react';
import './embed-dialog.css';

/** A link that opens the list-embed modal for one list. */
export function EmbedListLink({ list, title }: { list: number; title: string }) {
  return (
    <a href={`#${EMBED_MODAL_ID}`} className="embed-open" data-embed-list={list}>
      Embed<span className="visually-hidden"> {title}</span>
    </a>
  );
}

type Status = { kind: 'idle' | 'loading' | 'failed' } | { kind: 'ready'; html: string };

/**
 * The list-embed modal: opens from any link to `#waymark-embed-modal`, loads its form as text
 * from the options-template call (our own template, every value escaped by the server), and on
 * "Generate" writes the snippet and copies it, or selects it when the clipboard is refused.
 */
export function EmbedDialog() {
  const { request } = useShield();
  const ref = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [list, setList] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const titleId = useId();

  const asked = useRef(false);
  const requestRef = useRef(request);
  useEffect(() => {
    requestRef.current = request;
  }, [request]);

  // One listener for every embed link of the page; the form is asked for on the first open.
  useEffect(() => {
    const open = (listId: string, from: HTMLElement | null) => {
      opener.current = from;
      setList(listId);
      if (ref.current && !ref.current.open) ref.current.showModal();
      if (asked.current) return;
      asked.current = true;
      setStatus({ kind: 'loading' });
      requestRef.current(CALLS.optionsTemplate, {}).then(
        (answer) => setStatus(typeof answer === 'string' ? { kind: 'ready', html: answer } : { kind: 'failed' }),
        () => {
          asked.current = false; // the next open tries again
          setStatus({ kind: 'failed' });
        },
      );
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="#${EMBED_MODAL_ID}"]`);
      if (!(link instanceof HTMLElement)) return;
      event.preventDefault();
      open(link.dataset.embedList ?? '', link);
    };
    // A list card's link comes here with the modal's id and the list (`embedModalLink`).
    if (window.location.hash === `#${EMBED_MODAL_ID}`) {
      open(new URLSearchParams(window.location.search).get('embed_list') ?? '', null);
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  // The form arrives with the defaults; the list the link named goes in.
  useEffect(() => {
    const form = body.current?.querySelector<HTMLFormElement>('form[data-embed-form]');
    if (!form || list === null) return;
    if (/^\d+$/.test(list)) {
      const mode = form.elements.namedItem('mode');
      const id = form.elements.namedItem('list_id');
      if (mode instanceof HTMLSelectElement) mode.value = 'one';
      if (id instanceof HTMLInputElement) id.value = list;
    }
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      void generate(form);
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [status, list]);

  const close = () => {
    ref.current?.close();
  };

  return (
    <dialog
      ref={ref}
      id={EMBED_MODAL_ID}
      className="embed-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        setList(null);
        opener.current?.focus();
      }}
    >
      <div className="embed-dialog__head">
        <h2 id={titleId}>Embed code</h2>
        <button type="button" className="embed-dialog__close" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      {status.kind === 'loading' && <p role="status">Loading…</p>}
      {status.kind === 'failed' && <p role="alert">The embed options could not be loaded. Please try again.</p>}
      {status.kind === 'ready' && <div ref={body} dangerouslySetInnerHTML={{ __html: status.html }} />}
    </dialog>
  );
}

/** Writes the snippet of the form's values, and copies it, or selects it for the visitor to copy. */
async function generate(form: HTMLFormElement): Promise<void> {
  const values = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
  const unit = (EMBED_UNITS as readonly string[]).includes(values.unit ?? '') ? (values.unit as EmbedUnit) : 'px';
  const snippet = embedSnippet(
    parseEmbedQuery(values),
    { height: Number(values.height), width: Number(values.width), unit },
    window.location.origin,
  );
  const code = form.querySelector<HTMLTextAreaElement>('[data-embed-code]');
  const status = form.querySelector<HTMLElement>('[data-embed-status]');
  if (!code || !status) return;
  code.value = snippet;
  try {
    await navigator.clipboard.writeText(snippet);
    status.textContent = 'The embed code is copied to the clipboard.';
  } catch {
    // The clipboard may be refused (no permission, no secure context): the text is selected instead.
    code.focus();
    code.select();
    status.textContent = 'The embed code is selected: press Ctrl+C (or ⌘C) to copy it.';
  }
}
