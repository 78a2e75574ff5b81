import { escapeHtml } from '../content/sanitize.js';

/**
 * The site's one mail template. Features hand it plain strings only; it makes the plain-text
 * part and the HTML part, escaping every string in the HTML, so no visitor can put markup in a
 * message the site sends.
 */
export interface MailContent {
  subject: string;
  /** Paragraphs of plain text; line breaks inside one are kept. */
  paragraphs: string[];
  /** What a visitor wrote, set apart as a quotation. */
  quote?: string;
  /** A link the reader is asked to follow (confirm an address, choose a new password). */
  action?: { label: string; href: string };
  /** A last line in small print: why the reader got this message. */
  footer?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const htmlParagraph = (text: string) => `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

// Header injection is the transport's business too, but a subject is one line by definition.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

export function renderMail(content: MailContent, siteName: string): RenderedMail {
  const subject = oneLine(content.subject);
  const text: string[] = [...content.paragraphs];
  const html: string[] = content.paragraphs.map(htmlParagraph);
  if (content.quote !== undefined) {
    text.push(
      content.quote
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n'),
    );
    html.push(
      `<blockquote style="margin:1em 0;padding:0 1em;border-left:3px solid #ccc">${content.quote
        .split(/\r?\n\s*\r?\n/)
        .map(htmlParagraph)
        .join('')}</blockquote>`,
    );
  }
  if (content.action) {
    text.push(`${content.action.label}:\n${content.action.href}`);
    html.push(`<p><a href="${escapeHtml(content.action.href)}">${escapeHtml(content.action.label)}</a></p>`);
  }
  const footer = content.footer ?? `Sent by ${siteName}.`;
  text.push(`-- \n${footer}`);
  html.push(`<p style="color:#666;font-size:small">${escapeHtml(footer)}</p>`);
  return {
    subject,
    text: `${text.join('\n\n')}\n`,
    html:
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
      `<body style="font-family:sans-serif;line-height:1.5">${html.join('\n')}</body></html>`,
  };
}
