/**
 * Who writes the blog: admins, and users an admin marks (`users.blog_author`). Granting and
 * revoking is audited in the same transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { writeAudit } from '../../audit';
import { ServiceRefusal } from '../../refusal';
import { mayWriteBlog } from '../../../policies/blogPosts';

export interface Caller {
  userId: string;
  isAdmin: boolean;
}

/** True for admins and users an admin made authors. */
export async function isBlogAuthor(db: Kysely<Database>, caller: Caller): Promise<boolean> {
  // An admin writes whatever the flag says: read it only for the others.
  if (caller.isAdmin) return mayWriteBlog(caller, false);
  const row = await db.selectFrom('users').select('blog_author').where('id', '=', caller.userId).executeTakeFirst();
  return mayWriteBlog(caller, row?.blog_author === true);
}

export async function assertAuthor(db: Kysely<Database>, caller: Caller): Promise<void> {
  if (!(await isBlogAuthor(db, caller))) throw new ServiceRefusal('forbidden', 'Only blog authors may write posts; ask an administrator');
}

/** Users who may write: admins and marked authors (for the admin's author list). */
export async function listAuthors(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'is_admin', 'blog_author'])
    .where((eb) => eb.or([eb('is_admin', '=', true), eb('blog_author', '=', true)]))
    .orderBy('email')
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, admin: r.is_admin, author: r.blog_author }));
}

export async function setAuthor(db: Kysely<Database>, adminId: string, userId: string, author: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'blog_author']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw new ServiceRefusal('not found', 'No such user');
    if (user.blog_author === author) return;
    await trx.updateTable('users').set({ blog_author: author }).where('id', '=', userId).execute();
    await writeAudit(trx, {
      actorUserId: adminId,
      action: author ? 'blog.author.grant' : 'blog.author.revoke',
      targetType: 'user',
      targetId: userId,
      details: { before: { author: user.blog_author }, after: { author } },
    });
  });
}
