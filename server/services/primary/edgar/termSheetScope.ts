/**
 * What a term sheet is about, beyond each tranche's numbers: whether every tranche it names was
 * read, whether it is a US-dollar deal priced over Treasuries, and whether a tranche reopens (taps)
 * an existing bond. A sheet that fails these is never `parsed`: a dropped tranche or a euro amount
 * read as dollars would be a silent error, worse than a refusal.
 */
import type { TermSheetProblem, TermSheetTranche } from './fwpParser';
import type { RawSheet } from './termSheetLayout';
import { amountsStated, currencyOf, isNonUsBenchmark, parseUsdAmount } from './termSheetValues';

const clip = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text.replace(/\s+/g, ' '));
const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

/**
 * More tranches named than read: by the headlines and securities lists, by a headline total the
 * tranches do not add up to, or by a principal amount stating several amounts.
 */
export function checkTranchesRead(raw: RawSheet, tranches: TermSheetTranche[], problems: TermSheetProblem[]): void {
  if (tranches.length > 0 && raw.tranchesNamed > tranches.length)
    problems.push({
      field: 'tranches',
      message:
        `the sheet names ${raw.tranchesNamed} tranches (${raw.namesOfTranches.join(', ')}) but ${tranches.length} ` +
        `could be read: a tranche would be dropped`,
    });
  raw.tranches.forEach((t, i) => {
    const text = t.fields.principalAmount?.text ?? '';
    const amounts = amountsStated(text);
    if (amounts.length >= 2)
      problems.push({
        field: `tranches[${i}].principalAmount`,
        message: `states ${amounts.length} amounts (${amounts.join(', ')}) in ${clip(text)}: more tranches than were read, or a total`,
      });
  });
  const total = headlineTotal(raw);
  const principals = tranches.map((t) => t.principalAmount);
  if (total !== null && principals.length > 0 && principals.every((p): p is number => p !== null)) {
    const sum = principals.reduce((a, b) => a + b, 0);
    if (sum !== total.amount)
      problems.push({
        field: 'tranches',
        message: `the headline ${clip(total.text)} states ${usd(total.amount)} in all, but the ${tranches.length} tranche(s) read add up to ${usd(sum)}`,
      });
  }
}

/** "$1,750,000,000 Senior Notes" above the labels: the offering's total, when stated as such (not a tranche's heading). */
function headlineTotal(raw: RawSheet): { amount: number; text: string } | null {
  for (const line of raw.preamble) {
    if (
      !/^(?:US)?\$\s?[\d,.]+\s*(?:million|billion)?\s+(?:aggregate\s+principal\s+amount\s+(?:of\s+)?)?(?:senior\s+|subordinated\s+)?(?:notes|debentures|bonds)\s*$/i.test(
        line,
      )
    )
      continue;
    const amount = parseUsdAmount(line);
    if (amount !== null) return { amount, text: line };
  }
  return null;
}

/**
 * The sheet's currency when it is not US dollars (null when it is, or says nothing else), with a
 * `currency` problem; and a problem for each tranche priced over a non-US benchmark or swaps.
 */
export function checkSheetCurrency(raw: RawSheet, problems: TermSheetProblem[]): string | null {
  const statements = [...(raw.common.currency ?? []).map((v) => v.text), ...raw.tranches.map((t) => t.fields.principalAmount?.text ?? '')];
  let currency: string | null = null;
  for (const text of statements) {
    const found = currencyOf(text);
    if (found !== null && found !== 'USD') {
      currency = found;
      problems.push({
        field: 'currency',
        message: `the notes are in ${found}, not US dollars (${clip(text)}): only US-dollar deals can be imported`,
      });
      break;
    }
  }
  const swaps = raw.common.nonUsdPricing?.[0];
  if (swaps !== undefined)
    problems.push({
      field: 'currency',
      message: `priced over mid-swaps (${clip(`${swaps.label.replace(/[:*\s]+$/, '')}: ${swaps.text}`)}), as non-US deals are: only US-dollar deals priced over Treasuries can be imported`,
    });
  raw.tranches.forEach((t, i) => {
    const benchmark = t.fields.benchmarkTreasury;
    if (benchmark !== undefined && isNonUsBenchmark(`${benchmark.label} ${benchmark.text}`))
      problems.push({
        field: `tranches[${i}].benchmarkTreasury`,
        message: `priced against ${clip(benchmark.text)}, not a US Treasury: the spread and yields are not over the Treasury curve`,
      });
  });
  return currency ?? (swaps !== undefined ? 'non-USD' : null);
}

/**
 * Which tranches reopen an existing bond. A tranche says so itself (its title: "Reopening of …",
 * or a price "plus accrued interest from" a date before settlement); a sheet saying so once, or
 * stating an original issue date before its settlement, speaks of its only tranche. With several
 * tranches and no saying which, the sheet goes to review.
 */
export function reopeningOf(
  raw: RawSheet,
  tranches: TermSheetTranche[],
  sheet: { settlementDate: string | null; originalIssueDate: string | null; cue: RegExp },
  problems: TermSheetProblem[],
): void {
  const { settlementDate, originalIssueDate, cue } = sheet;
  const before = (d: string | null) => d !== null && settlementDate !== null && d < settlementDate;
  let own = 0;
  tranches.forEach((t, i) => {
    const rawT = raw.tranches[i]!;
    const titled = cue.test(`${rawT.title ?? ''}\n${rawT.fields.title?.text ?? ''}\n${rawT.fields.principalAmount?.text ?? ''}`);
    const accruedFrom = t.reopening?.accruedFrom ?? null;
    if (titled || before(accruedFrom)) {
      t.reopening = { accruedFrom: before(accruedFrom) ? accruedFrom : null };
      own++;
    } else delete t.reopening;
  });
  const sheetSays = raw.reopeningCue !== null || before(originalIssueDate);
  if (!sheetSays || own > 0 || tranches.length === 0) return;
  if (tranches.length === 1) {
    tranches[0]!.reopening = { accruedFrom: before(originalIssueDate) ? originalIssueDate : null };
    return;
  }
  problems.push({
    field: 'tranches',
    message: `the sheet speaks of a reopening (${clip(raw.reopeningCue ?? `original issue date ${originalIssueDate}`)}) but does not say which of its ${tranches.length} tranches reopens an existing bond`,
  });
}
