import type { Storage } from '../db/connect.js';

/** The account an e-mail address signs in to, with its password hash, if there is one. */
export async function findLogin({ db }: Storage, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}
