/**
 * The people of sharing: the caller as a person, whom they may share with (their organisation's
 * users and addresses on its e-mail domains), and the colleagues the share dialog suggests.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';

export interface Person {
  id: string;
  email: string;
  name: string | null;
  organization_id: string | null;
}

export async function person(db: Kysely<Database>, userId: string): Promise<Person> {
  const row = await db.selectFrom('users').select(['id', 'email', 'name', 'organization_id']).where('id', '=', userId).executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'Your account no longer exists');
  return row;
}

/**
 * Whom the sharer may share with: the other users of their organisation, and addresses on its
 * e-mail domains (people who will land in it when they sign up). Nobody outside it.
 */
export async function checkRecipient(db: Kysely<Database>, sharer: Person, email: string): Promise<Person | undefined> {
  if (email === sharer.email.toLowerCase())
    throw new ServiceRefusal('invalid', bodyRefusal('recipients', 'must not include you: you cannot share with yourself'));
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'organization_id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (user) {
    if (user.organization_id !== sharer.organization_id) {
      throw new ServiceRefusal('forbidden', bodyRefusal('recipients', `must be colleagues: ${email} is not in your organisation`));
    }
    return user;
  }
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const onDomain = await db
    .selectFrom('organization_domains')
    .select('organization_id')
    .where('domain', '=', domain)
    .where('organization_id', '=', sharer.organization_id!)
    .executeTakeFirst();
  if (!onDomain)
    throw new ServiceRefusal('forbidden', bodyRefusal('recipients', `must be colleagues: ${email} is not in your organisation`));
  return undefined;
}

/** Colleagues the caller may share with (same organisation), by name. */
export async function listColleagues(db: Kysely<Database>, userId: string): Promise<{ email: string; name: string | null }[]> {
  const me = await person(db, userId);
  if (!me.organization_id) return [];
  const rows = await db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('organization_id', '=', me.organization_id)
    .where('id', '!=', userId)
    .where('locked_at', 'is', null)
    .orderBy('name')
    .orderBy('email')
    .limit(500)
    .execute();
  return rows;
}
