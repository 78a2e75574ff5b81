/**
 * JSON from the page (signals in fields, cookies and alt sessions) read with limits: a few
 * kilobytes and a few levels deep, which is all the shield's own signals need. Deeper input
 * would overflow the stack of anything that walks it (`JSON.stringify` among them), so it is
 * refused before it is parsed, by a scan that keeps no stack of its own.
 */

/** The deepest nesting any signal has is 3 (typing: field → stats); 16 leaves room. */
export const MAX_JSON_DEPTH = 16;
export const MAX_JSON_LENGTH = 65_536;

/** Whether JSON text nests no deeper than `maxDepth`, counting brackets outside strings. */
export function jsonDepthWithin(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: skip what it escapes
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return false;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return true;
}

/** The parsed value, or undefined for bad JSON or JSON over the limits. */
export function parseBoundedJson(text: string, maxLength = MAX_JSON_LENGTH): unknown {
  if (text.length > maxLength || !jsonDepthWithin(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether an already-parsed value (a JSON request body's) nests no deeper than `maxDepth` and
 * holds no more than `maxNodes` values, walked with a queue rather than recursion.
 */
export function valueWithin(value: unknown, maxDepth = MAX_JSON_DEPTH, maxNodes = 10_000): boolean {
  const queue: Array<[unknown, number]> = [[value, 0]];
  for (let seen = 0; queue.length > 0; seen++) {
    if (seen > maxNodes) return false;
    const [current, depth] = queue.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return false;
    for (const child of Object.values(current)) queue.push([child, depth + 1]);
  }
  return true;
}
