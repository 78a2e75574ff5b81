/**
 * What an operator needs when the database cannot be reached at start: the variable that named
 * it, where it pointed (never the password), and why, in words. The driver's own messages
 * ("connect ECONNREFUSED 127.0.0.1:5432", "getaddrinfo ENOTFOUND db") name neither.
 */
const WHY: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing answers at that address and port',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  '28P01': 'the password was refused',
  '28000': 'the server refused this user',
  '3D000': 'the database does not exist',
};

/** Where `DATABASE_URL` points, without its password. */
export function databaseTarget(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    return `${user}${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return 'an address that is not a valid URL';
  }
}

const codeOf = (error: unknown): string | undefined => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in WHY) return code;
    // A refused pool connection may come as an AggregateError of one per address.
    const inner = (e as { errors?: unknown[] }).errors?.[0];
    if (inner) return codeOf(inner);
  }
  return undefined;
};

/** The start-up error for a database that could not be reached, or null for any other failure. */
export function connectionFailure(databaseUrl: string | undefined, error: unknown): Error | null {
  if (!databaseUrl) return null;
  const code = codeOf(error);
  if (!code) return null;
  return new Error(
    `DATABASE_URL: could not connect to PostgreSQL at ${databaseTarget(databaseUrl)}: ${WHY[code]} (${code}). Check DATABASE_URL, or leave it unset to use SQLite in DATA_DIR.`,
    { cause: error },
  );
}
