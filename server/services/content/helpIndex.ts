/**
 * Indexes the help centre at start: every content/help/**.md file (front matter + Markdown) and
 * the glossary of common/glossary.ts become help_articles rows, rendered through the one Markdown
 * pipeline. Files are the source: a row whose file is gone is removed, an unchanged file (same
 * hash) is left alone, so restarts and several instances starting together are cheap and agree.
 * A file with bad front matter or a bad path stops the start with its name (content is reviewed
 * like code, and a test indexes the real folder).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import matter from 'gray-matter';
import type { Kysely } from 'kysely';
import { HELP_PATH_PATTERN, helpFrontMatterSchema, type HelpKind } from '@common/api/help';
import { BOND_TABLE_COLUMNS } from '@common/enums';
import { GLOSSARY, TERMS_GLOSSARY } from '@common/glossary';
import type { Database } from '../../db/schema';
import { projectRoot } from '../../projectRoot';
import { htmlToText, renderMarkdown, secondLevelHeadings } from './markdown';

export const HELP_CONTENT_DIR = join(projectRoot, 'content', 'help');
export const GLOSSARY_PATH = 'glossary';

export interface HelpSource {
  path: string;
  kind: HelpKind;
  title: string;
  summary: string;
  section: string;
  position: number;
  screen: string | null;
  markdown: string;
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (e) => {
      const full = join(dir, e.name);
      if (e.isDirectory()) return markdownFiles(full);
      return e.isFile() && e.name.endsWith('.md') ? [full] : [];
    }),
  );
  return nested.flat().sort();
}

/** Reads and checks every article file of a folder. */
export async function readHelpSources(dir: string = HELP_CONTENT_DIR): Promise<HelpSource[]> {
  const files = await markdownFiles(dir);
  return Promise.all(
    files.map(async (file) => {
      const path = relative(dir, file).split(sep).join('/').replace(/\.md$/, '');
      if (!HELP_PATH_PATTERN.test(path)) throw new Error(`Help file ${file}: its path must be lower-case words and hyphens`);
      const parsed = matter(await readFile(file, 'utf8'));
      const front = helpFrontMatterSchema.safeParse(parsed.data);
      if (!front.success)
        throw new Error(`Help file ${file}: bad front matter (${front.error.issues.map((i) => i.path.join('.')).join(', ')})`);
      const f = front.data;
      return {
        path,
        kind: f.kind,
        title: f.title,
        summary: f.summary,
        section: f.section,
        position: f.order,
        screen: f.screen ?? null,
        markdown: parsed.content,
      };
    }),
  );
}

type GlossaryEntry = { term: string; definition: string; unit: string; formula: string };

/** One glossary entry as Markdown: a heading, its definition, its unit and how it is worked out. */
function glossaryEntryLines(e: GlossaryEntry, extra: string[] = []): string[] {
  return [`### ${e.term}`, '', e.definition, '', `- **Unit:** ${e.unit}`, `- **How:** ${e.formula}`, ...extra, ''];
}

/** The glossary as one article: every bond-table column with its definition, unit and formula, then the bond terms. */
export function glossarySource(): HelpSource {
  const entries = BOND_TABLE_COLUMNS.map((c) => ({ column: c, ...GLOSSARY[c] })).sort((a, b) => a.term.localeCompare(b.term));
  const markdown = [
    'Every column of the bond table, with what it means, its unit and how it is worked out. The same text is the',
    'column header tooltip and the column chooser tooltip.',
    '',
    ...entries.flatMap((e) => glossaryEntryLines(e, [`- **Column id:** \`${e.column}\``])),
    '## Bond terms',
    '',
    'Terms the bond page shows beside the call schedule that are not columns of the table.',
    '',
    ...Object.values(TERMS_GLOSSARY).flatMap((e) => glossaryEntryLines(e)),
  ].join('\n');
  return {
    path: GLOSSARY_PATH,
    kind: 'article',
    title: 'Glossary of bond-table columns',
    summary: `Definition, unit and formula of each of the ${BOND_TABLE_COLUMNS.length} bond-table columns.`,
    section: 'Reference',
    position: 0,
    screen: '/bw/bond',
    markdown,
  };
}

/** Writes the sources into help_articles in one transaction; returns what changed. */
export async function indexHelpSources(
  db: Kysely<Database>,
  sources: readonly HelpSource[],
  now: Date,
): Promise<{ indexed: number; unchanged: number; removed: number }> {
  return db.transaction().execute(async (trx) => {
    const existing = new Map(
      (await trx.selectFrom('help_articles').select(['path', 'content_hash']).execute()).map((r) => [r.path, r.content_hash]),
    );
    let indexed = 0;
    let unchanged = 0;
    for (const s of sources) {
      const hash = createHash('sha256').update(JSON.stringify(s)).digest('hex');
      if (existing.get(s.path) === hash) {
        unchanged++;
        continue;
      }
      const html = renderMarkdown(s.markdown);
      const row = {
        path: s.path,
        kind: s.kind,
        title: s.title,
        summary: s.summary,
        section: s.section,
        position: s.position,
        screen: s.screen,
        steps: JSON.stringify(s.kind === 'workflow' ? secondLevelHeadings(s.markdown) : []),
        body_md: s.markdown,
        body_html: html,
        body_text: htmlToText(html),
        content_hash: hash,
        indexed_at: now,
      };
      await trx
        .insertInto('help_articles')
        .values(row)
        .onConflict((oc) => oc.column('path').doUpdateSet(row))
        .execute();
      indexed++;
    }
    const keep = new Set(sources.map((s) => s.path));
    const gone = [...existing.keys()].filter((p) => !keep.has(p));
    if (gone.length) await trx.deleteFrom('help_articles').where('path', 'in', gone).execute();
    return { indexed, unchanged, removed: gone.length };
  });
}

/** Start-up indexing of the repository's help content and the glossary. */
export async function indexHelpContent(db: Kysely<Database>, now: Date, dir: string = HELP_CONTENT_DIR) {
  return indexHelpSources(db, [...(await readHelpSources(dir)), glossarySource()], now);
}
