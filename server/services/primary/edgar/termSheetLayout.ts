/**
 * Groups a term sheet's labelled values into the offering's common fields and its tranches, for
 * the two layouts issuers use:
 * - a TABLE with one column per tranche: the label in the first column, each tranche's value in
 *   the next ones (a value spanning every column, e.g. the trade date, is common);
 * - REPEATED BLOCKS, one per tranche, each usually headed "3.950% Notes due 2031", with the common
 *   fields stated once, above or below them.
 * Values stay text here; termSheetValues.ts reads them.
 */
import type { DocBlock } from './documentBlocks';
import { fieldOfLabel, isCommonField, splitLabelledLine, type CommonField, type SheetField, type TrancheField } from './termSheetLabels';
import { splitByTranche, trancheKeysIn, yearsListedIn } from './termSheetTrancheKeys';

export interface RawValue {
  /** The label as written, which can carry meaning (the agencies' order in "Ratings (Moody's / S&P)"). */
  label: string;
  text: string;
}

export interface RawTranche {
  title: string | null;
  fields: Partial<Record<TrancheField, RawValue>>;
}

export interface RawSheet {
  layout: 'table' | 'blocks';
  /** Every statement of each common field, so two that disagree can be reported. */
  common: Partial<Record<CommonField, RawValue[]>>;
  tranches: RawTranche[];
  /**
   * How many tranches the sheet names outside the tranches read: its headlines, securities lists
   * and "Notes due 2022, 2026 and 2031" (0 when it names none).
   */
  tranchesNamed: number;
  /** The names behind `tranchesNamed`, for the message. */
  namesOfTranches: string[];
  /** The first text that speaks of reopening an earlier issue ("Reopening of …"), if any. */
  reopeningCue: string | null;
  /** Lines above the first labelled field (the heading). */
  preamble: string[];
}

/** The fields that make a tranche: a block with none of them is not one. */
export const CORE_TRANCHE_FIELDS: readonly TrancheField[] = [
  'principalAmount',
  'maturityDate',
  'coupon',
  'priceToPublic',
  'yieldToMaturity',
];

/** Fields several labels contribute to (CUSIP and ISIN on two lines, make-whole and par call): stated again, they add. */
const GATHERED_FIELDS: ReadonlySet<TrancheField> = new Set(['redemption', 'cusipIsin']);

/** Deals have a handful of tranches; a table a million cells wide is garbage, read no further than this. */
const MAX_TRANCHE_COLUMNS = 50;

/** Garbage can run on for megabytes; no real value is this long. */
const MAX_VALUE_CHARS = 10_000;

/** "3.950% Senior Notes due 2031", "$750,000,000 Floating Rate Notes due May 15, 2028": a tranche's heading. */
export function isTrancheHeading(line: string): boolean {
  const text = line.trim();
  if (text.length > 120 || !/^(?:\$|US\$|\d|floating)/i.test(text)) return false;
  return /\b(?:notes|debentures|bonds)\s+due\s+(?:[a-z]+\.?\s+\d{1,2},?\s+)?\d{4}\W*$/i.test(text);
}

function append(value: RawValue, text: string): void {
  if (value.text.length >= MAX_VALUE_CHARS) return;
  value.text = (value.text === '' ? text : `${value.text}\n${text}`).slice(0, MAX_VALUE_CHARS);
}

const hasCoreField = (t: RawTranche) => CORE_TRANCHE_FIELDS.some((f) => t.fields[f] !== undefined);

class SheetAssembler {
  readonly common: Partial<Record<CommonField, RawValue[]>> = {};
  private readonly blockTranches: RawTranche[] = [];
  private readonly tableTranches: RawTranche[] = [];
  private current: RawTranche | null = null;
  /** The value that following unlabelled lines continue, until a blank line or another label. */
  private open: RawValue | null = null;
  /** Headings that turned out to head the whole sheet ("$500,000,000 4.250% Notes due 2029" above the issuer). */
  private readonly headlines: string[] = [];
  /** Lines above the first labelled field: the heading, where some sheets alone name the issuer. */
  private readonly preamble: string[] = [];
  private seenLabel = false;
  /** A securities list (a title) that indented lines naming a tranche continue. */
  private titleOpen: RawValue | null = null;
  private reopeningCue: string | null = null;

  /**
   * Text that says the notes reopen an earlier issue: in the heading, a tranche heading or title,
   * or under a label naming it ("Reopening:"); not boilerplate further down ("we may reopen…").
   */
  private noticeReopening(text: string): void {
    if (this.reopeningCue === null && REOPENING_CUE.test(text)) this.reopeningCue = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  }

  line(text: string): void {
    if (!this.seenLabel || isTrancheHeading(text)) this.noticeReopening(text);
    if (!this.seenLabel && text.trim() !== '' && this.preamble.length < MAX_PREAMBLE_LINES) this.preamble.push(text.trim());
    if (text.trim() === '') {
      if (this.open !== null && this.open.text !== '') this.open = null;
    } else if (isTrancheHeading(text)) {
      this.heading(text.trim());
    } else {
      const split = splitLabelledLine(text);
      if (split === null) {
        if (this.open !== null) append(this.open, text.trim());
        // A securities list running on under its label: "3.550% Senior Notes due 2029 (the "2029 Notes")".
        else if (this.titleOpen !== null && /^\s/.test(text) && trancheKeysIn(text).length > 0) append(this.titleOpen, text.trim());
      } else if (split.field === null) {
        if (/re-?open/i.test(split.label)) this.noticeReopening(text);
        this.open = null;
      } else this.field(split.field, split.label, split.value);
    }
  }

  table(rows: string[][]): void {
    const grid = joinWrappedLabels(tidyColumns(rows));
    for (const row of grid) {
      const cells = row.filter((c) => c !== '');
      if (/re-?open/i.test(row[0] ?? '') || (!this.seenLabel && cells.length === 1)) this.noticeReopening(cells.join(' '));
    }
    if (isTrancheTable(grid)) {
      this.open = null;
      this.trancheTable(grid);
      return;
    }
    for (const row of grid) this.labelValueRow(row);
  }

  finish(): RawSheet {
    // A block with no core field states what applies to every tranche (e.g. interest dates above the blocks).
    const shared = this.blockTranches.filter((t) => !hasCoreField(t));
    const blocks = this.blockTranches.filter(hasCoreField);
    // Blocks without headings under a headline per tranche: the headlines name them, in order.
    if (blocks.length === this.headlines.length && blocks.every((t) => t.title === null))
      blocks.forEach((t, k) => (t.title = this.headlines[k]!));
    for (const t of blocks) if (t.title === '' && t.fields.title !== undefined) t.title = t.fields.title.text.replace(/\s+/g, ' ');
    const tranches = [...this.tableTranches.filter(hasCoreField), ...blocks].flatMap(expandNamedValues);
    for (const defaults of shared)
      for (const [field, value] of Object.entries(defaults.fields) as [TrancheField, RawValue][])
        for (const t of tranches) t.fields[field] ??= { ...value };
    if (this.common.issuer === undefined) {
      const issuer = issuerFromHeading(this.preamble);
      if (issuer !== null) this.common.issuer = [{ label: 'heading', text: issuer }];
    }
    const named = this.tranchesNamed(tranches);
    return {
      layout: this.tableTranches.some(hasCoreField) ? 'table' : 'blocks',
      common: this.common,
      tranches,
      tranchesNamed: named.length,
      namesOfTranches: named,
      reopeningCue: this.reopeningCue,
      preamble: this.preamble,
    };
  }

  /**
   * The tranches the sheet names: by the headlines and securities lists (keyed by maturity year),
   * or by a headline listing years ("Notes due 2022, 2026 and 2031"), whichever names more.
   */
  private tranchesNamed(tranches: RawTranche[]): string[] {
    const keyed = new Set<string>();
    const titles = [...this.headlines, ...this.blockTranches.map((t) => t.fields.title?.text ?? t.title ?? '')];
    for (const text of titles) for (const key of trancheKeysIn(text)) keyed.add(key);
    for (const t of tranches) for (const key of trancheKeysIn(t.fields.title?.text ?? t.title ?? '')) keyed.add(key);
    const listed = new Set(this.preamble.flatMap(yearsListedIn));
    const names = listed.size > keyed.size ? [...listed] : [...keyed];
    return names.map((key) => (key.endsWith('F') ? `floating-rate notes due ${key.slice(0, 4)}` : `notes due ${key}`));
  }

  private heading(heading: string): void {
    // "$750,000,000 4.700% Notes due 2036" names the tranche "4.700% Notes due 2036"; the amount has its own label.
    const title = heading.replace(/^(?:US)?\$\s?[\d,.]+\s?(?:million|billion)?\s+/i, '');
    const t = this.current;
    if (t === null || t.title !== null || Object.keys(t.fields).length > 0) this.startTranche(title);
    else t.title = title;
    this.open = null;
  }

  private startTranche(title: string | null): RawTranche {
    this.current = { title, fields: {} };
    this.blockTranches.push(this.current);
    return this.current;
  }

  private field(field: SheetField, label: string, text: string): void {
    this.seenLabel = true;
    this.titleOpen = null;
    if (field === 'title' || /re-?open/i.test(label)) this.noticeReopening(text);
    // A redemption label can be its meaning ("Par Redemption Provision: December 15, 2042"): kept with the value.
    const stated = field === 'redemption' ? `${label}: ${text}` : text;
    const value: RawValue = { label, text: stated.slice(0, MAX_VALUE_CHARS) };
    this.open = value;
    if (isCommonField(field)) {
      (this.common[field] ??= []).push(value);
      // A heading followed by a common field, not by its tranche's fields, heads the sheet: it ends no block's start.
      const t = this.current;
      if (t !== null && t.title !== null && Object.keys(t.fields).length === 0) {
        // The run of headings just read, taken off the end (not a scan of every block: hostile input repeats this).
        const run: string[] = [];
        const isHeadingOnly = (b: RawTranche | undefined): b is RawTranche & { title: string } =>
          b !== undefined && b.title !== null && Object.keys(b.fields).length === 0;
        for (let last = this.blockTranches.at(-1); isHeadingOnly(last); last = this.blockTranches.at(-1)) {
          run.push(last.title);
          this.blockTranches.pop();
        }
        for (const title of run.reverse()) this.headlines.push(title);
        this.current = null;
      }
      return;
    }
    let t = this.current ?? this.startTranche(null);
    if (field === 'title') {
      if (t.title !== null && Object.keys(t.fields).length > 0) t = this.startTranche(null);
      t.title = text.replace(/\s+/g, ' ');
      // Kept as written too: a securities list, one tranche a line, is split by tranche later.
      t.fields.title = value;
      this.open = text === '' ? value : null;
      this.titleOpen = text !== '' ? value : null;
      return;
    }
    const earlier = t.fields[field];
    if (earlier !== undefined && GATHERED_FIELDS.has(field)) {
      // The label can be the meaning ("Par Call: on or after …"), so it is kept with the text.
      append(earlier, field === 'redemption' ? stated : `${label}: ${text}`);
      this.open = earlier;
      return;
    }
    // The same label again within a block with no headings: the next tranche's block has begun.
    if (earlier !== undefined) t = this.startTranche(null);
    t.fields[field] = value;
  }

  private labelValueRow(row: string[]): void {
    const label = row[0] ?? '';
    const rest = row.slice(1).filter((cell) => cell !== '');
    if (rest.length === 0 || label === '') {
      // A lone cell: a heading, a continuation, or a whole wrapped paragraph such as "Issuer: …".
      const lines = (label === '' ? rest.join('\n') : label).split('\n');
      for (const line of lines) this.line(line);
      if (label === '' && rest.length === 0) this.line('');
      return;
    }
    const field = fieldOfLabel(label);
    if (field !== null) this.field(field, label, rest.join('\n'));
    else if (isTrancheHeading(label)) this.heading(label);
    else if (RATING_AGENCY.test(label) && this.common.ratings !== undefined) {
      // "Moody's Investors Service Inc. | “Aa3” (stable)": a row per agency under the ratings label.
      this.common.ratings.push({ label, text: rest.join(' ') });
      this.open = null;
    } else this.open = null;
  }

  private trancheTable(grid: string[][]): void {
    const width = Math.min(
      grid.reduce((w, r) => Math.max(w, r.length), 0),
      MAX_TRANCHE_COLUMNS + 1,
    );
    const tranches: RawTranche[] = Array.from({ length: width - 1 }, () => ({ title: null, fields: {} }));
    let previous: TrancheField | null = null;
    let seenField = false;
    for (const row of grid) {
      const label = row[0] ?? '';
      const values = tranches.map((_, j) => row[j + 1] ?? '');
      if (label === '') {
        // Above the first label: the column headings. Below: a value running on to the next row.
        if (!seenField) values.forEach((v, j) => v !== '' && (tranches[j]!.title ??= v.replace(/\s+/g, ' ')));
        else if (previous !== null)
          values.forEach((v, j) => {
            const value = tranches[j]!.fields[previous!];
            if (v !== '' && value !== undefined) append(value, v);
          });
        continue;
      }
      const field = fieldOfLabel(label);
      previous = null;
      if (field === null) {
        // A heading row can have a word in the label column ("Terms").
        if (!seenField && values.filter(isTrancheHeading).length >= 2) values.forEach((v, j) => v !== '' && (tranches[j]!.title ??= v));
        continue;
      }
      seenField = true;
      this.seenLabel = true;
      if (field === 'title') values.forEach((v, j) => v !== '' && (tranches[j]!.title = v.replace(/\s+/g, ' ')));
      else if (isCommonField(field)) {
        for (const v of new Set(values.filter((v) => v !== ''))) (this.common[field] ??= []).push({ label, text: v });
      } else {
        const stated = (v: string) => (field === 'redemption' ? `${label}: ${v}` : v).slice(0, MAX_VALUE_CHARS);
        values.forEach((v, j) => {
          if (v === '') return;
          const earlier = tranches[j]!.fields[field];
          // Make-whole and par call on rows of their own add up, as in the blocks.
          if (earlier !== undefined && GATHERED_FIELDS.has(field)) append(earlier, stated(v));
          else tranches[j]!.fields[field] = { label, text: stated(v) };
        });
        previous = field;
      }
    }
    // A table of redemption terms (or identifiers) only, one column per tranche, below the main one: its columns are those tranches.
    const main = this.tableTranches.filter(hasCoreField);
    if (!tranches.some(hasCoreField) && main.length === tranches.length && main.length > 0) {
      tranches.forEach((t, j) => {
        for (const [field, value] of Object.entries(t.fields) as [TrancheField, RawValue][]) {
          const earlier = main[j]!.fields[field];
          if (earlier !== undefined && GATHERED_FIELDS.has(field)) append(earlier, value.text);
          else main[j]!.fields[field] ??= value;
        }
      });
      return;
    }
    for (const t of tranches) this.tableTranches.push(t);
  }
}

/**
 * Cells made uniform: a lone "$" joins the amount after it, a lone "%" or ")" the number before,
 * a lone ":" goes; then columns empty in every row (spacers) are dropped, so each remaining
 * column after the first is one tranche.
 */
function tidyColumns(rows: string[][]): string[][] {
  const merged = rows.map((row) => {
    const cells = [...row];
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c]!;
      if ((cell === '$' || cell === 'US$') && (cells[c + 1] ?? '') !== '') {
        cells[c + 1] = cell + cells[c + 1]!;
        cells[c] = '';
      } else if ((cell === '%' || cell === ')') && c > 0 && cells[c - 1] !== '') {
        cells[c - 1] += cell;
        cells[c] = '';
      } else if (cell === ':') cells[c] = '';
    }
    return cells;
  });
  const width = merged.reduce((w, r) => Math.max(w, r.length), 0);
  const keep = Array.from({ length: width }, (_, c) => merged.some((r) => (r[c] ?? '') !== ''));
  return merged.map((r) => r.filter((_, c) => keep[c]));
}

/** One column per tranche: a tranche label with two values or more, or two tranche headings side by side. */
function isTrancheTable(grid: string[][]): boolean {
  return grid.some((row) => {
    const values = row.slice(1).filter((v) => v !== '');
    if (values.length < 2) return false;
    const label = row[0] ?? '';
    if (label === '') return values.filter(isTrancheHeading).length >= 2;
    const field = fieldOfLabel(label);
    return field !== null && !isCommonField(field);
  });
}

export const REOPENING_CUE =
  /\bre-?open(?:ing|ed|s)?\b|\bwill (?:form|constitute) a single series with\b|\bfungible with the (?:existing|original|outstanding)\b/i;
const RATING_AGENCY = /^\s*(?:moody|standard\s*&\s*poor|s&p\b|fitch)/i;
const MAX_PREAMBLE_LINES = 40;

/** "FLORIDA POWER & LIGHT COMPANY" above "Pricing Term Sheet": a company's name, by its legal form. */
const LEGAL_NAME =
  /^[A-Z0-9][\w&.,'’\- ]{1,80}?\b(?:company|corporation|corp\.?|inc\.?|incorporated|llc|l\.l\.c\.|l\.p\.|lp|plc|n\.v\.|ltd\.?|limited|co\.)$/i;

/** The issuer named only by the heading: the first line above the labels that is a company's legal name. */
function issuerFromHeading(preamble: readonly string[]): string | null {
  for (const line of preamble) {
    const text = line.replace(/\s+/g, ' ').trim();
    if (/^(?:filed|registration|issuer free writing|free writing|pricing term sheet|final term sheet|dated|the information)/i.test(text))
      continue;
    if (LEGAL_NAME.test(text)) return text;
  }
  return null;
}

/**
 * A tranche whose values name two tranches or more ("2051 Notes: … 2061 Notes: …", "… for 2022
 * Notes") made into one tranche per name; a value naming none is each one's.
 */
function expandNamedValues(t: RawTranche): RawTranche[] {
  const splits = new Map<TrancheField, Map<string, string>>();
  const keys: string[] = [];
  for (const [field, value] of Object.entries(t.fields) as [TrancheField, RawValue][]) {
    const split = field === 'redemption' ? splitStatementsByTranche(value.text) : splitByTranche(value.text);
    if (split === null) continue;
    splits.set(field, split);
    for (const key of split.keys()) if (key !== '' && !keys.includes(key)) keys.push(key);
  }
  if (keys.length < 2) return [t];
  return keys.map((key) => {
    const fields: Partial<Record<TrancheField, RawValue>> = {};
    for (const [field, value] of Object.entries(t.fields) as [TrancheField, RawValue][]) {
      const split = splits.get(field);
      if (split === undefined) fields[field] = { ...value };
      else {
        const own = split.get(key);
        if (own !== undefined) fields[field] = { label: value.label, text: own };
      }
    }
    const title = fields.title?.text.replace(/\s+/g, ' ') ?? null;
    return { title: title !== null && title !== t.fields.title?.text.replace(/\s+/g, ' ') ? title : titleOfKey(key, t.title), fields };
  });
}

/**
 * Redemption terms gathered from several labels ("Make-Whole Call: … for 2029 Notes\n… for 2034
 * Notes\nPar Call: …"): each label's statement split by tranche on its own, the label kept with
 * every tranche's part, for the label can be the meaning.
 */
function splitStatementsByTranche(text: string): Map<string, string> | null {
  const statements: string[] = [];
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    const starts = colon > 0 && fieldOfLabel(line.slice(0, colon)) === 'redemption';
    if (starts || statements.length === 0) statements.push(line);
    else statements[statements.length - 1] += `\n${line}`;
  }
  const out = new Map<string, string>();
  let named = false;
  for (const statement of statements) {
    const colon = statement.indexOf(':');
    const label = colon > 0 && fieldOfLabel(statement.slice(0, colon)) === 'redemption' ? statement.slice(0, colon + 1) : '';
    const split = splitByTranche(statement.slice(label.length));
    const parts = split ?? new Map([['', statement.slice(label.length)]]);
    if (split !== null) named = true;
    for (const [key, part] of parts) {
      const stated = `${label} ${part.trim()}`.trim();
      out.set(key, out.has(key) ? `${out.get(key)!}\n${stated}` : stated);
    }
  }
  if (!named) return null;
  // A statement naming no tranche applies to every one.
  const common = out.get('');
  if (common !== undefined) for (const [key, part] of out) if (key !== '') out.set(key, `${part}\n${common}`);
  return out;
}

const titleOfKey = (key: string, sheetTitle: string | null) =>
  sheetTitle !== null && trancheKeysIn(sheetTitle).join() === key
    ? sheetTitle
    : `${key.endsWith('F') ? 'Floating Rate ' : ''}Notes due ${key.slice(0, 4)}`;

/**
 * A label wrapped over two rows ("Spread to Benchmark" above "Treasury Yield: | 98 basis points")
 * made one row, when the two read together are a label and apart the first states nothing.
 */
function joinWrappedLabels(grid: string[][]): string[][] {
  const out: string[][] = [];
  for (let r = 0; r < grid.length; r++) {
    const row = grid[r]!;
    const label = (row[0] ?? '').trim();
    let next = r + 1;
    while (next < grid.length && grid[next]!.every((c) => c === '')) next++;
    const below = grid[next];
    if (
      label !== '' &&
      row.slice(1).every((c) => c === '') &&
      below !== undefined &&
      (below[0] ?? '') !== '' &&
      below.slice(1).some((c) => c !== '')
    ) {
      const joined = `${label.replace(/[:*\s]+$/, '')} ${below[0]!}`;
      const field = fieldOfLabel(joined);
      if (field !== null && (field !== fieldOfLabel(below[0]!) || fieldOfLabel(label) !== null)) {
        out.push([joined, ...below.slice(1)]);
        r = next;
        continue;
      }
    }
    out.push(row);
  }
  return out;
}

/** The same for lines of text: "Spread to Benchmark" on a line above "Treasury Yield:  98 basis points". */
function joinWrappedLines(blocks: readonly DocBlock[]): DocBlock[] {
  const out: DocBlock[] = [];
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    if (
      block.kind === 'line' &&
      block.text.trim() !== '' &&
      block.text.trim().length <= 60 &&
      !block.text.trim().slice(0, -1).includes(':')
    ) {
      let next = b + 1;
      while (next < blocks.length && blocks[next]!.kind === 'line' && (blocks[next] as { text: string }).text.trim() === '') next++;
      const below = blocks[next];
      const split = below?.kind === 'line' ? splitLabelledLine(below.text) : null;
      if (split !== null && split.value !== '') {
        const joined = `${block.text.trim().replace(/[:*\s]+$/, '')} ${split.label}`;
        const field = fieldOfLabel(joined);
        if (field !== null && (field !== split.field || fieldOfLabel(block.text.trim().replace(/[:*\s]+$/, '')) !== null)) {
          out.push({ kind: 'line', text: `${joined}: ${split.value}` });
          b = next;
          continue;
        }
      }
    }
    out.push(block);
  }
  return out;
}

/** Reads the blocks of a document into its common fields and tranches. */
export function assembleSheet(blocks: readonly DocBlock[]): RawSheet {
  const assembler = new SheetAssembler();
  for (const block of joinWrappedLines(blocks)) {
    if (block.kind === 'line') assembler.line(block.text);
    else assembler.table(block.rows);
  }
  return assembler.finish();
}
