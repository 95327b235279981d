import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The settings row that makes two-factor compulsory for everyone ('true'), whatever their role. */
export const TWO_FACTOR_EVERYONE_KEY = 'two_factor_required';

type Db = Kysely<Database> | Transaction<Database>;

/** The settings row's value that says whether two-factor is required of everyone. */
const everyoneSetting = (db: Db) => db.selectFrom('settings').select('value').where('key', '=', TWO_FACTOR_EVERYONE_KEY);

/** Whether the company requires two-factor of everyone. */
export async function twoFactorRequiredOfEveryone(db: Db): Promise<boolean> {
  const row = await everyoneSetting(db).executeTakeFirst();
  return row?.value === 'true';
}

/**
 * Whether this user must set up two-factor before anything else: it is required of everyone or of
 * their role, and they have not turned it on (a started but unconfirmed setup does not count).
 */
export async function mustSetUpTwoFactor(db: Db, userId: number): Promise<boolean> {
  // One query with the company's setting: every signed-in request asks it.
  const row = await db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.two_factor_confirmed_at', 'roles.two_factor_required', everyoneSetting(db).as('everyone')])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.two_factor_confirmed_at !== null) return false;
  return row.two_factor_required === true || row.everyone === 'true';
}
