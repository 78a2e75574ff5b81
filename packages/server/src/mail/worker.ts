import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Storage } from '../db/connect.js';
import { claimDue, releaseFailed, removeSent } from './store.js';
import type { MailSender } from './transport.js';

export interface WorkerOptions {
  /** How often the worker looks for due messages. */
  pollMs: number;
  /** How long a claim holds: longer than any one delivery can take (see the transport's timeouts). */
  holdMs: number;
  /** Messages claimed at once, so several instances share a busy outbox. */
  batch: number;
  /** The wait before the next try after `attempts` failed ones. */
  backoffMs(attempts: number): number;
  onError(error: unknown, context: string): void;
}

/** 30 s, 1 min, 2 min, ... doubling up to an hour: a server that is down for a day loses nothing. */
export const exponentialBackoff = (attempts: number) => Math.min(30_000 * 2 ** attempts, 3_600_000);

export const DEFAULT_WORKER_OPTIONS: Omit<WorkerOptions, 'onError'> = {
  pollMs: 2_000,
  holdMs: 5 * 60_000,
  batch: 5,
  backoffMs: exponentialBackoff,
};

export interface PassResult {
  sent: number;
  failed: number;
}

/**
 * Delivers the outbox: claims due messages, sends each, and removes it only once the SMTP
 * server accepted it; a failed one waits for its next try. Every instance runs one; claims keep
 * them from sending a message twice.
 */
export class OutboxWorker {
  readonly id = `${hostname().slice(0, 30)}:${process.pid}:${randomBytes(6).toString('hex')}`;
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<PassResult> | undefined;
  #stopped = true;

  constructor(
    private readonly storage: Storage,
    private readonly sender: MailSender,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops polling and waits for a delivery under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#pass?.catch(() => undefined);
    this.sender.close();
  }

  /** One pass: claims what is due and tries each; a pass already running is joined, not doubled. */
  runOnce(): Promise<PassResult> {
    this.#pass ??= this.#deliverDue().finally(() => {
      this.#pass = undefined;
    });
    return this.#pass;
  }

  #schedule(delay: number) {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.runOnce()
        .catch((error: unknown) => this.options.onError(error, 'outbox pass failed'))
        .finally(() => this.#schedule(this.options.pollMs));
    }, delay);
    this.#timer.unref();
  }

  async #deliverDue(): Promise<PassResult> {
    const result: PassResult = { sent: 0, failed: 0 };
    const { holdMs, batch, backoffMs } = this.options;
    for (;;) {
      const rows = await claimDue(this.storage, this.id, { now: new Date(), holdMs, limit: batch });
      for (const row of rows) {
        try {
          await this.sender.send(row);
        } catch (error) {
          result.failed += 1;
          const nextAttemptAt = new Date(Date.now() + backoffMs(row.attempts));
          await releaseFailed(this.storage, row.id, this.id, { nextAttemptAt, error: describe(error) });
          continue;
        }
        result.sent += 1;
        await removeSent(this.storage, row.id, this.id);
      }
      // A full batch may mean more are due; a short one, or a stop, ends the pass.
      if (rows.length < batch || this.#stopped) return result;
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
    return code === undefined ? error.message : `${code}: ${error.message}`;
  }
  return String(error);
}
