/**
 * Short-lived state that every server instance must agree on: rate-limit counters, "seen once"
 * sets (token replay) and version counters. Redis when configured, otherwise this process's memory.
 */
export interface SharedState {
  /** Counts a hit in a fixed window of `windowSeconds`; answers the count including this hit. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** The count of a `hit` window now, without adding to it (0 when none is open). */
  count(key: string): Promise<number>;
  /** Claims `key` for `ttlSeconds`; answers false when it was already claimed. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  /**
   * Adds `value` to the front of the list at `key`, keeps its newest `keep` entries for
   * `ttlSeconds` after the last addition, and answers the entries it held before (newest first):
   * "what came lately", for comparing a submission with the ones before it.
   */
  recall(key: string, value: string, keep: number, ttlSeconds: number): Promise<string[]>;
  /** A counter that never expires (0 until first incremented), e.g. a data version. */
  get(key: string): Promise<number>;
  /** Adds one to a counter that never expires; answers the new value. */
  increment(key: string): Promise<number>;
  /** Resolves when the configured store answers now; rejects when it is unreachable. */
  ping(): Promise<void>;
  /** Whether calls go to Redis right now (false in memory, and while Redis is away). */
  usingRedis(): boolean;
  close(): Promise<void>;
}

/** Where the state reports Redis going away and coming back. */
export interface StateLog {
  warn(message: string): void;
  info(message: string): void;
}
