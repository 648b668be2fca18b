/**
 * The media library: upload (type sniffed from the bytes and checked against the name, size
 * limited, image size recorded), list with signed links, replace (same path, so links keep
 * working), delete (refused while a published post uses it). Bytes go to the store before the row
 * is written, and a failed write removes them again, so nothing is left half-stored. Audited.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MEDIA_LINK_TTL_SECONDS,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_PIXELS,
  MEDIA_MAX_SIDE_PX,
  MEDIA_PUBLIC_LINK_TTL_SECONDS,
  MEDIA_TYPES,
  type MediaItem,
} from '@common/api/media';
import type { Database } from '../../../db/schema';
import { writeAudit } from '../../audit';
import { ServiceRefusal } from '../../refusal';
import { bodyRefusal } from '../../../../common/api/shared';

/** The upload refused, in the validator's form: the admin page says it as a sentence about the file. */
const badFile = (message: string) => new ServiceRefusal('invalid', bodyRefusal('file', message));
import { sniffMedia, type Sniffed } from './sniff';
import { signMediaLink } from './links';
import type { MediaStore } from './store';

export interface MediaContext {
  store: MediaStore;
  secret: string;
  publicUrl: string;
  now: number;
}

const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

function checkFile(name: string, bytes: Buffer): Sniffed {
  if (bytes.length === 0) throw badFile('is empty');
  if (bytes.length > MEDIA_MAX_BYTES) throw badFile(`must be at most ${MEDIA_MAX_BYTES / 1048576} MB`);
  const sniffed = sniffMedia(bytes);
  if (!sniffed) throw badFile('must be a PNG, JPEG, GIF, WebP image or a PDF (SVG is not accepted)');
  const ext = name.split('.').pop()!.toLowerCase();
  if (!EXTENSIONS[sniffed.mime]!.includes(ext)) {
    throw badFile(`must be named as what it holds: the content is ${sniffed.mime} but the name "${name}" says .${ext}`);
  }
  const { width, height } = sniffed;
  if (width !== null && height !== null && (width > MEDIA_MAX_SIDE_PX || height > MEDIA_MAX_SIDE_PX || width * height > MEDIA_MAX_PIXELS)) {
    throw badFile(
      `must be at most ${MEDIA_MAX_SIDE_PX} pixels on a side and ${MEDIA_MAX_PIXELS / 1_000_000} million in all: the image says it is ${width} × ${height}`,
    );
  }
  return sniffed;
}

type Row = Database['media'] extends infer T ? { [K in keyof T]: unknown } : never;

async function present(r: Row, ctx: MediaContext): Promise<MediaItem> {
  const path = r.path as string;
  return {
    id: r.id as number,
    path,
    name: r.name as string,
    mime: r.mime as string,
    size: r.size as number,
    width: (r.width as number | null) ?? null,
    height: (r.height as number | null) ?? null,
    version: r.version as number,
    updatedAt: new Date(r.updated_at as Date).toISOString(),
    link: await signMediaLink(ctx.secret, ctx.publicUrl, path, ctx.now, MEDIA_LINK_TTL_SECONDS),
    publicLink: await signMediaLink(ctx.secret, ctx.publicUrl, path, ctx.now, MEDIA_PUBLIC_LINK_TTL_SECONDS),
  };
}

export async function listMedia(db: Kysely<Database>, ctx: MediaContext): Promise<MediaItem[]> {
  const rows = await db.selectFrom('media').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(500).execute();
  return Promise.all(rows.map((r) => present(r, ctx)));
}

export async function uploadMedia(
  db: Kysely<Database>,
  adminId: string,
  name: string,
  bytes: Buffer,
  ctx: MediaContext,
): Promise<MediaItem> {
  const sniffed = checkFile(name, bytes);
  const when = new Date(ctx.now);
  const path = `${when.getUTCFullYear()}/${String(when.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${MEDIA_TYPES[sniffed.mime]}`;
  await ctx.store.put(path, bytes);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('media')
        .values({
          path,
          name,
          mime: sniffed.mime,
          size: bytes.length,
          width: sniffed.width,
          height: sniffed.height,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          uploaded_by: adminId,
          created_at: when,
          updated_at: when,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        actorUserId: adminId,
        action: 'media.upload',
        targetType: 'media',
        targetId: String(inserted.id),
        details: { path, name, mime: sniffed.mime, size: bytes.length },
      });
      return inserted;
    });
    return present(row, ctx);
  } catch (err) {
    await ctx.store.remove(path);
    throw err;
  }
}

export async function replaceMedia(
  db: Kysely<Database>,
  adminId: string,
  id: number,
  name: string,
  bytes: Buffer,
  ctx: MediaContext,
): Promise<MediaItem> {
  const current = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw new ServiceRefusal('not found', 'No such media file');
  const sniffed = checkFile(name, bytes);
  if (sniffed.mime !== current.mime) {
    throw badFile(`must be of the type it replaces (${current.mime}), not ${sniffed.mime}`);
  }
  const previous = await ctx.store.get(current.path);
  await ctx.store.put(current.path, bytes);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('media')
        .set({
          name,
          size: bytes.length,
          width: sniffed.width,
          height: sniffed.height,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          version: current.version + 1,
          updated_at: new Date(ctx.now),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        actorUserId: adminId,
        action: 'media.replace',
        targetType: 'media',
        targetId: String(id),
        details: { before: { name: current.name, size: current.size }, after: { name, size: bytes.length } },
      });
      return updated;
    });
    return present(row, ctx);
  } catch (err) {
    if (previous) await ctx.store.put(current.path, previous);
    throw err;
  }
}

export async function deleteMedia(db: Kysely<Database>, adminId: string, id: number, ctx: MediaContext): Promise<void> {
  const current = await db.selectFrom('media').select(['path', 'name']).where('id', '=', id).executeTakeFirst();
  if (!current) throw new ServiceRefusal('not found', 'No such media file');
  const usedBy = await db
    .selectFrom('blog_posts')
    .select(['title'])
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('cover_image', 'like', `%/media/${current.path}%`), eb('body_md', 'like', `%/media/${current.path}%`)]))
    .executeTakeFirst();
  if (usedBy) throw new ServiceRefusal('conflict', `The published post "${usedBy.title}" uses this file; remove it from the post first`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('media').where('id', '=', id).execute();
    await writeAudit(trx, { actorUserId: adminId, action: 'media.delete', targetType: 'media', targetId: String(id), details: current });
  });
  await ctx.store.remove(current.path);
}

/** A stored file for the media route (the token already checked). */
export async function readMedia(db: Kysely<Database>, store: MediaStore, path: string): Promise<{ mime: string; bytes: Buffer } | null> {
  const row = await db.selectFrom('media').select(['mime']).where('path', '=', path).executeTakeFirst();
  if (!row) return null;
  const bytes = await store.get(path);
  return bytes ? { mime: row.mime, bytes } : null;
}
