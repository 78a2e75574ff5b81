import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the mail tests: it accepts every message and keeps it,
 * parsed just enough to read headers and the plain-text and HTML parts. It can be stopped and
 * started again on the same port, as a mail server that goes down and comes back.
 */

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
  html: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once `count` messages arrived; rejects after `timeoutMs` (a hang guard). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

function unfoldHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`)
      .replace(/%(?![0-9A-F]{2})/gi, '%25');
    return decodeURIComponent(bytes);
  }
  return body;
}

function splitPart(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: unfoldHeaders(part), body: '' };
  const gap = /\r?\n\r?\n/.exec(part.slice(at))?.[0].length ?? 2;
  return { headers: unfoldHeaders(part.slice(0, at)), body: part.slice(at + gap) };
}

/** Reads one message: its top headers, and its text/plain and text/html parts however nested. */
export function parseMail(raw: string): Omit<ReceivedMail, 'envelopeFrom' | 'envelopeTo'> {
  const top = splitPart(raw);
  const found = { text: '', html: '' };
  const walk = (headers: Record<string, string>, body: string) => {
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const parts = body.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        const inner = splitPart(part.replace(/^\r?\n/, ''));
        walk(inner.headers, inner.body.replace(/\r?\n$/, ''));
      }
      return;
    }
    const decoded = decodeBody(body, headers['content-transfer-encoding']);
    if (/^text\/html/i.test(type)) found.html = decoded;
    else if (/^text\/plain/i.test(type)) found.text = decoded;
  };
  walk(top.headers, top.body);
  return { headers: top.headers, ...found };
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let port = 0;
  let server: SMTPServer | null = null;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          received.push({ envelopeFrom, envelopeTo, ...parseMail(Buffer.concat(chunks).toString('utf8')) });
          for (const wake of waiters) wake();
          callback();
        });
      },
    });
    server.listen(port, '127.0.0.1');
    await once(server.server, 'listening');
    port = (server.server.address() as AddressInfo).port;
  };
  await listen();

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async stop() {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    start: listen,
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          cleanup();
          resolve(received);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`Only ${received.length} of ${count} messages arrived`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
