import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../content/sanitize.js';
import { scriptJson } from './page-document.js';

/**
 * A rendered page kept for every visitor who would see the same page, with the few strings that
 * are each visitor's own (nonces, the honeypot stamp) left as holes. The holes are marked by
 * random sentinels while the page renders, and the text is cut at them once, so filling a page
 * is joining a few large strings with a few small ones.
 */
export interface PageTemplate {
  /** The text between the holes, and the name of each hole in order. */
  readonly body: Cut;
  readonly contextJson: Cut;
}

interface Cut {
  /** UTF-8 already: a page goes out as bytes, and encoding 400 KB per request is a cost of its own. */
  readonly texts: readonly Buffer[];
  readonly holes: readonly string[];
}

export interface Sentinels {
  /** The placeholder to render in place of the named visitor string. */
  mark(name: string): string;
  /** Cuts a rendered text at the placeholders it holds. */
  cut(text: string): Cut;
}

export function createSentinels(): Sentinels {
  // Random per template, so no content on the page can forge a hole.
  const tag = `wmk${randomBytes(6).toString('hex')}`;
  const pattern = new RegExp(`${tag}_([A-Za-z0-9]+)_`, 'g');
  return {
    mark: (name) => `${tag}_${name}_`,
    cut(text) {
      const texts: Buffer[] = [];
      const holes: string[] = [];
      let from = 0;
      for (const match of text.matchAll(pattern)) {
        texts.push(Buffer.from(text.slice(from, match.index)));
        holes.push(match[1] ?? '');
        from = match.index + match[0].length;
      }
      texts.push(Buffer.from(text.slice(from)));
      return { texts, holes };
    },
  };
}

/** The page's body HTML and its context as script JSON, as bytes, with this visitor's strings in the holes. */
export function fillTemplate(
  template: PageTemplate,
  values: Readonly<Record<string, string>>,
): { body: Buffer[]; contextJson: Buffer[] } {
  return {
    body: fill(template.body, (name) => escapeHtml(values[name] ?? '')),
    // The value inside a JSON string: its serialisation less the quotes.
    contextJson: fill(template.contextJson, (name) => scriptJson(values[name] ?? '').slice(1, -1)),
  };
}

function fill({ texts, holes }: Cut, value: (name: string) => string): Buffer[] {
  const out: Buffer[] = [];
  texts.forEach((text, i) => {
    if (i > 0) out.push(Buffer.from(value(holes[i - 1] ?? '')));
    out.push(text);
  });
  return out;
}

/** A template's size in bytes, for the cache's bound. */
export function templateBytes(template: PageTemplate): number {
  const sum = (cut: Cut) => cut.texts.reduce((total, text) => total + text.length, 0);
  return sum(template.body) + sum(template.contextJson);
}
