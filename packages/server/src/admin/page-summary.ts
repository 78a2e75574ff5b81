import { Parser } from 'htmlparser2';

export interface PageSummary {
  title: string;
  description: string;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A page's `<title>` and meta description (or its Open Graph pair when the plain ones are
 * missing), read with a real HTML tokenizer; entities decoded, whitespace collapsed.
 */
export function summarisePage(html: string): PageSummary {
  let title = '';
  let inTitle = false;
  let titleSeen = false;
  const meta: Record<string, string> = {};
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !titleSeen) inTitle = true;
        if (name === 'meta') {
          const key = (attributes.name ?? attributes.property ?? '').toLowerCase();
          if (key && attributes.content !== undefined && meta[key] === undefined) meta[key] = attributes.content;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleSeen = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return {
    title: collapse(title || meta['og:title'] || ''),
    description: collapse(meta.description ?? meta['og:description'] ?? ''),
  };
}
