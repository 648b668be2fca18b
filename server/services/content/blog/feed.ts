/** The blog's public Atom feed. */
import type { Kysely } from 'kysely';
import { blogShareUrl } from '@common/api/blog';
import type { Database } from '../../../db/schema';
import { type BlogContext, baseSelect, iso } from './rows';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The Atom feed of public, published, due posts (newest first). */
export async function atomFeed(db: Kysely<Database>, ctx: BlogContext, limit: number): Promise<string> {
  const rows = await baseSelect(db)
    .where('p.status', '=', 'published')
    .where('p.publish_at', '<=', ctx.now)
    .where('p.public', '=', true)
    .orderBy('p.publish_at', 'desc')
    .limit(limit)
    .execute();
  const base = ctx.publicUrl.replace(/\/+$/, '');
  const updated = rows[0] ? iso(rows[0].updated_at)! : new Date(0).toISOString();
  const entries = rows.map(
    (r) => `  <entry>
    <id>${xml(blogShareUrl(base, r.id))}</id>
    <title>${xml(r.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(blogShareUrl(base, r.id))}"/>
    <published>${iso(r.publish_at)}</published>
    <updated>${iso(r.updated_at)}</updated>
    <author><name>${xml(r.author_name ?? 'Bondwise')}</name></author>
${r.tags.map((t) => `    <category term="${xml(t)}"/>`).join('\n')}
    <summary>${xml(r.summary)}</summary>
    <content type="html">${xml(r.body_html)}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xml(`${base}/app/#/bw/blog`)}</id>
  <title>Bondwise blog</title>
  <link rel="alternate" type="text/html" href="${xml(`${base}/app/#/bw/blog`)}"/>
  <link rel="self" type="application/atom+xml" href="${xml(`${base}/v2/blog/feed.atom`)}"/>
  <updated>${updated}</updated>
${entries.join('\n')}
</feed>
`;
}
