import { firstString } from '../plugins/bodies.js';
import { parseJsonObject } from './signals.js';

/**
 * A submission's fields as the visitor filled them: the contact popup posts its own in one JSON
 * `data` field, read here as the fields it holds (once, for the content judge and the typing
 * check alike).
 */
export function postedValues(fields: Record<string, unknown>): Record<string, unknown> {
  const data = firstString(fields.data);
  const inner = data?.startsWith('{') ? parseJsonObject(data) : null;
  if (!inner) return fields;
  const { data: _posted, ...rest } = fields;
  return { ...rest, ...inner };
}
