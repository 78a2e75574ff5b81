import type { Storage } from '../db/connect.js';
import { generatePassword, hashPassword } from './passwords.js';

export interface AdministratorResult {
  created: boolean;
  email: string;
  /** Set only when this call made the account with a generated password: shown once, never stored. */
  generatedPassword?: string;
}

/** Makes the first administrator when there is none. */
export async function ensureAdministrator(
  { db }: Storage,
  options: { email: string; password: string | undefined },
): Promise<AdministratorResult> {
  const existing = await db.selectFrom('users').select('email').where('role', '=', 'administrator').executeTakeFirst();
  if (existing) return { created: false, email: existing.email };
  const password = options.password ?? generatePassword();
  const email = options.email.toLowerCase();
  await db
    .insertInto('users')
    .values({
      email,
      name: 'Administrator',
      password_hash: await hashPassword(password),
      role: 'administrator',
      created_at: new Date().toISOString(),
    })
    .execute();
  return options.password ? { created: true, email } : { created: true, email, generatedPassword: password };
}
