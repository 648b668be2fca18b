/**
 * An EDGAR document as the term-sheet parser reads it: lines of text and tables of cells, in
 * document order.
 *
 * Why a hand-written scanner rather than a DOM library: a term sheet needs only paragraphs, line
 * breaks and table cells, and the input is untrusted — every step here is a forward scan with
 * `indexOf`, so any input (unclosed tags, a megabyte of `<`, a script never closed) costs time
 * linear in its length and never throws.
 */

/** A line of text (empty: a paragraph break), or a table as rows of cell texts. */
export type DocBlock = { kind: 'line'; text: string } | { kind: 'table'; rows: string[][] };

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  rsquo: '\u2019',
  lsquo: '\u2018',
  rdquo: '\u201d',
  ldquo: '\u201c',
  ndash: '\u2013',
  mdash: '\u2014',
  minus: '\u2212',
  hellip: '...',
  middot: '·',
  bull: '•',
  reg: '®',
  trade: '™',
  copy: '©',
  sect: '§',
  para: '¶',
  dagger: '†',
  Dagger: '‡',
  frac14: '¼',
  frac12: '½',
  frac34: '¾',
  shy: '\u00ad',
  zwsp: '\u200b',
  eacute: 'é',
};

/**
 * Decodes named (`&amp;`), decimal (`&#8217;`) and hex (`&#x2019;`) entities to the characters they
 * stand for (`&nbsp;` is U+00A0; plainCharacters then makes it a space); unknown ones stay as written.
 */
export function decodeEntities(text: string): string {
  let amp = text.indexOf('&');
  if (amp < 0) return text;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    const semi = text.indexOf(';', amp + 1);
    // Entity names are short: a ';' further away is not this entity's end.
    const name = semi > amp && semi - amp <= 10 ? text.slice(amp + 1, semi) : '';
    const decoded = name === '' ? undefined : decodeEntity(name);
    if (decoded !== undefined) {
      out += text.slice(from, amp) + decoded;
      from = semi + 1;
    }
    amp = text.indexOf('&', decoded !== undefined ? semi + 1 : amp + 1);
  }
  return out + text.slice(from);
}

function decodeEntity(name: string): string | undefined {
  if (name.charCodeAt(0) !== 35 /* # */) return Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : undefined;
  const hex = name[1] === 'x' || name[1] === 'X';
  const digits = name.slice(hex ? 2 : 1);
  if (!(hex ? /^[0-9a-f]{1,6}$/i : /^[0-9]{1,7}$/).test(digits)) return undefined;
  const code = parseInt(digits, hex ? 16 : 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/**
 * Typography that means the same as plain ASCII to a parser: non-breaking and other spaces,
 * zero-width marks, curly quotes, dashes (an en dash in "99–16+" or "T–3" is still a dash).
 */
export function plainCharacters(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u200b-\u200d\u00ad\ufeff]/g, '')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-');
}

/** True when the source reads as HTML (checked without unbounded quantifiers: linear on any input). */
export function looksLikeHtml(source: string): boolean {
  return /<(?:html|body|table|tr|td|p|div|br|font|span|center)[\s>/]/i.test(source);
}

/** A plain-text document: one line block per line, spacing kept (two spaces can separate a label from its value). */
export function textToBlocks(text: string): DocBlock[] {
  return plainCharacters(text)
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .split('\n')
    .map((line) => ({ kind: 'line', text: line.trimEnd() }));
}

/** Elements that end a paragraph; anything else (b, span, font, a, sup…) is inline. */
const BLOCK_TAGS = new Set(
  'p div h1 h2 h3 h4 h5 h6 li ul ol dl dt dd center blockquote section article header footer hr title address body html pre'.split(' '),
);
/** Elements whose content is never text of the document. */
const SKIPPED_TAGS = new Set(['script', 'style', 'head', 'noscript', 'template', 'svg']);

interface TableBuilder {
  rows: string[][];
  row: string[] | null;
  cell: string | null;
  colspan: number;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** An HTML document as lines and tables. Nested tables are read in order, each as a table of its own. */
export function htmlToBlocks(html: string): DocBlock[] {
  const out: DocBlock[] = [];
  const tables: TableBuilder[] = [];
  let line = '';
  let preDepth = 0;
  let lower: string | null = null; // made once, only when a skipped element needs its closing tag found

  const pushLine = (text: string) => out.push({ kind: 'line', text });
  const flushLine = (paragraph: boolean) => {
    const text = preDepth > 0 ? line.trimEnd() : collapse(line);
    if (text !== '') pushLine(text);
    line = '';
    const last = out[out.length - 1];
    if (paragraph && last !== undefined && !(last.kind === 'line' && last.text === '')) pushLine('');
  };
  const table = () => tables[tables.length - 1];
  const finishCell = (t: TableBuilder) => {
    if (t.cell === null) return;
    // Lines kept; runs of empty ones (paragraph breaks) kept as one, so a wrapping cell still has paragraphs.
    const text = t.cell
      .split('\n')
      .map(collapse)
      .filter((l, k, all) => l !== '' || (k > 0 && all[k - 1] !== ''))
      .join('\n')
      .trim();
    // A cell spanning n columns stands in each of them, so a value stated once for every tranche reaches each.
    for (let k = 0; k < t.colspan; k++) (t.row ??= []).push(text);
    t.cell = null;
  };
  const finishRow = (t: TableBuilder) => {
    finishCell(t);
    if (t.row !== null) t.rows.push(t.row);
    t.row = null;
  };
  const emitTable = (t: TableBuilder) => {
    finishRow(t);
    if (t.rows.length > 0) out.push({ kind: 'table', rows: t.rows });
    t.rows = [];
  };
  const addText = (raw: string) => {
    const text = plainCharacters(decodeEntities(raw));
    const t = table();
    if (t !== undefined) {
      if (t.cell !== null) t.cell += preDepth > 0 ? text : text.replace(/\s+/g, ' ');
      return; // text between cells is layout whitespace
    }
    if (preDepth === 0) {
      line += text;
      return;
    }
    const parts = text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
    parts.forEach((part, k) => {
      if (k > 0) flushLine(false);
      line += part;
    });
  };
  const breakLine = (paragraph: boolean) => {
    const t = table();
    if (t === undefined) flushLine(paragraph);
    else if (t.cell !== null) t.cell += paragraph ? '\n\n' : '\n';
  };

  let i = 0;
  const n = html.length;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      addText(html.slice(i));
      break;
    }
    if (lt > i) addText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0) {
      // No '>' anywhere after: the rest is text (and searching again from each later '<' would be quadratic).
      addText(html.slice(lt));
      break;
    }
    const closing = html.charCodeAt(lt + 1) === 47; /* / */
    const nameStart = lt + (closing ? 2 : 1);
    let nameEnd = nameStart;
    while (nameEnd < gt && /[A-Za-z0-9]/.test(html[nameEnd]!)) nameEnd++;
    if (nameEnd === nameStart || !/[A-Za-z]/.test(html[nameStart]!)) {
      // "<!DOCTYPE", "<?xml": declarations; "< 5": a literal '<'.
      const declaration = html[nameStart] === '!' || html[nameStart] === '?';
      if (!declaration) addText('<');
      i = declaration ? gt + 1 : lt + 1;
      continue;
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    i = gt + 1;
    if (SKIPPED_TAGS.has(name) && !closing) {
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${name}`, i);
      const endGt = end < 0 ? -1 : html.indexOf('>', end);
      i = endGt < 0 ? n : endGt + 1;
      continue;
    }
    if (name === 'br') breakLine(false);
    else if (name === 'table') {
      if (closing) {
        const t = tables.pop();
        if (t !== undefined) emitTable(t);
        const outer = table();
        if (outer !== undefined) outer.cell = ''; // text after a nested table, still in the outer cell
      } else {
        const outer = table();
        if (outer === undefined) flushLine(true);
        else emitTable(outer); // the outer table's rows so far come before the nested one
        tables.push({ rows: [], row: null, cell: null, colspan: 1 });
      }
    } else if ((name === 'tr' || name === 'td' || name === 'th') && table() !== undefined) {
      const t = table()!;
      if (name === 'tr') finishRow(t);
      else if (closing) finishCell(t);
      else {
        finishCell(t);
        const span = /colspan\s*=\s*["']?(\d{1,2})/i.exec(html.slice(lt, Math.min(gt, lt + 500)));
        t.colspan = Math.min(Math.max(Number(span?.[1] ?? 1), 1), 20);
        t.cell = '';
      }
    } else if (BLOCK_TAGS.has(name)) {
      breakLine(true);
      if (name === 'pre') preDepth = Math.max(0, preDepth + (closing ? -1 : 1));
    }
  }
  while (tables.length > 0) emitTable(tables.pop()!);
  flushLine(false);
  return out;
}
