/**
 * An event token as a submission or call carries it. The original page script sends
 * `event_token=false`, or an empty value, when it has none: that is a missing token, not a
 * forged one.
 */
export const usableToken = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && value !== 'false' ? value : undefined;
