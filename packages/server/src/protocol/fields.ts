/**
 * Normalises a parsed body into the shape the call schemas expect: `name[]` keys become `name`
 * with a list value, file parts are dropped (no call takes files through the dispatcher).
 */
export function normaliseFields(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [rawKey, value] of Object.entries(body)) {
    if (Buffer.isBuffer(value)) continue;
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      const list = Array.isArray(value) ? value : [value];
      const existing = fields[key];
      fields[key] = Array.isArray(existing) ? [...(existing as unknown[]), ...list] : list;
    } else {
      fields[rawKey] = value;
    }
  }
  return fields;
}

/** One string value for a field that may have arrived more than once. */
export function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/** Field errors as `{field: message}`, the first message per field. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'body');
    params[key] ??= issue.message;
  }
  return params;
}
