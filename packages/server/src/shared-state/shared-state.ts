/**
 * Short-lived state that every server instance must agree on: rate-limit counters and
 * "seen once" sets (token replay). Redis when configured, otherwise this process's memory.
 */
export interface SharedState {
  /** Counts a hit in a fixed window of `windowSeconds`; answers the count including this hit. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Claims `key` for `ttlSeconds`; answers false when it was already claimed. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}
