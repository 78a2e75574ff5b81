/** Base64 of a JSON value, UTF-8 safe (btoa alone takes only Latin-1). */
export function base64Json(value: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(value))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The value of a JSON text, or the text itself where it is not JSON. */
export function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
