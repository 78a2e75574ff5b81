import { LIGHTBOX_TEXTS } from '@waymark/protocol';
import { useEffect, useRef, useState } from 'react';
import type { AjaxRequest } from '../types.js';
import { sanitizeHtml } from './sanitize.js';

/**
 * Content both lightboxes show that comes from the page or from an address: an element of the
 * page by id (moved in while shown and put back after), a `<template>`'s markup, or an HTML
 * answer, sanitized.
 */

export type Status = 'loading' | 'ready' | 'error';

/** Moves the element `#id` into the slide and back to its place when the slide goes. */
export function InlineContent({ id, onStatus }: { id: string; onStatus: (s: Status) => void }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = document.getElementById(id);
    const box = host.current;
    if (!element || !box || box.contains(element)) {
      onStatus(element ? 'ready' : 'error');
      return;
    }
    const placeholder = document.createComment(`lightbox:${id}`);
    element.replaceWith(placeholder);
    box.append(element);
    onStatus('ready');
    return () => placeholder.replaceWith(element);
  }, [id, onStatus]);
  return <div ref={host} className="wm-lb-html" />;
}

/** A copy of a `<template id>`'s content: our own page markup, never from an address. */
export function TemplateContent({ id, onStatus }: { id: string; onStatus: (s: Status) => void }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const template = document.getElementById(id);
    const box = host.current;
    if (!(template instanceof HTMLTemplateElement) || !box) return onStatus('error');
    box.replaceChildren(template.content.cloneNode(true));
    onStatus('ready');
  }, [id, onStatus]);
  return <div ref={host} className="wm-lb-html" />;
}

/** Loads `url` with the item's request (GET unless it says otherwise) and shows its HTML, sanitized. */
export function AjaxContent({
  url,
  request,
  onStatus,
}: {
  url: string;
  request?: AjaxRequest | undefined;
  onStatus: (s: Status) => void;
}) {
  const [html, setHtml] = useState<string | null>(null);
  const method = request?.type === 'POST' ? 'POST' : 'GET';
  const data = JSON.stringify(request?.data ?? {});
  useEffect(() => {
    const abort = new AbortController();
    const fields = JSON.parse(data) as Record<string, string>;
    let address = url;
    let body: FormData | undefined;
    if (method === 'GET') {
      const query = new URLSearchParams(fields).toString();
      if (query) address += (url.includes('?') ? '&' : '?') + query;
    } else {
      body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
    }
    onStatus('loading');
    fetch(address, { method, body, signal: abort.signal, credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status}`);
        const clean = await sanitizeHtml(await res.text());
        if (abort.signal.aborted) return;
        setHtml(clean);
        onStatus('ready');
      })
      .catch(() => abort.signal.aborted || onStatus('error'));
    return () => abort.abort();
  }, [url, method, data, onStatus]);
  return html === null ? null : <div className="wm-lb-html" dangerouslySetInnerHTML={{ __html: html }} />;
}

export const LOADING_TEXT = LIGHTBOX_TEXTS.popupLoading;
