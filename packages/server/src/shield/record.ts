/** A JSON value as an object of named values; anything else (a list, a number, null) as an empty one. */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
