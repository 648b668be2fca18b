/**
 * The server names the offending field in the validator's words ("Invalid body.code: Too small:
 * expected string to have >=6 characters") so that API clients can act on it. A person reads the
 * same failure as a sentence about the field they typed: "Code must be at least 6 characters."
 * The same sentences serve the forms that check a draft against a contract before sending it
 * (`humaneIssue`), so no page shows a validator's text.
 */

import { formatDate } from '@common/format';

const VALIDATION = /^Invalid (?:body|query|params|headers|request)/;

/** Field names whose words are the market's own, not their split camelCase. */
const FIELD_WORDS: Record<string, string> = {
  gSpread: 'G-spread',
  tSpread: 'T-spread',
  cusip: 'CUSIP',
  isin: 'ISIN',
  dealId: 'Deal number',
  bondId: 'Bond',
  issuerId: 'Issuer',
  tableId: 'Table',
  sizeMm: 'Size (MM)',
  tenorYears: 'Tenor (years)',
  thresholdBp: 'Threshold (bp)',
  totp: 'Authenticator code',
  url: 'Address',
  updatedAt: 'Version',
  expectedBp: 'Expected spread (bp)',
  coverImage: 'Cover image',
  // The new-issue calculator's and a deal's levels, as their inputs are labelled.
  fairValueBp: 'Fair value (bp)',
  concessionBp: 'Concession (bp)',
  tighteningBp: 'Tightening (bp)',
  pricedSpreadBp: 'Priced spread (bp)',
  // When a deal was announced, and when its next stage happened (web/pages/admin/deal).
  announcedAt: 'Announcement time',
  at: 'Time',
  // Reference data and market hawk fields, as their pages label them (web/pages/admin/reference, alerts).
  duplicateId: 'Duplicate issuer',
  parentId: 'Parent sector',
  issuerIds: 'Issuers',
  mergedIds: 'Merged bonds',
  expiresAt: 'Expiry',
  organizationId: 'Organisation',
  organizations: 'Organisations',
  // A maintenance window's ends, as the maintenance page labels them.
  startsAt: 'Scheduled start',
  endsAt: 'Scheduled end',
  // A term sheet's ratings are keyed by agency.
  sp: 'S&P rating',
  moodys: "Moody's rating",
  fitch: 'Fitch rating',
  // The search box's query parameter.
  q: 'Search',
  // An issuer's reference fields (web/pages/admin/reference), as their inputs are labelled.
  secCik: 'SEC CIK',
  sectorId: 'Industry',
  parentIssuerId: 'Parent issuer',
  // A date range's query parameters (audit log, usage, deals): "To must be a date" read as a typo.
  from: 'Start date',
  to: 'End date',
};

/** The last named segment of a path: "items.0.name" → "name". */
const fieldKey = (path: string): string =>
  path
    .split('.')
    .filter((p) => p && !/^\d+$/.test(p))
    .pop() ?? '';

/** "newPassword" → "New password"; "items.0.name" → "Name"; "rule.gSpread" → "G-spread". */
function fieldLabel(path: string): string {
  const last = fieldKey(path);
  if (!last) return 'The request';
  const known = FIELD_WORDS[last];
  if (known) return known;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `n` says a bound in the unit the person typed (see `Unit`). */
const RULES: Array<[RegExp, (m: RegExpMatchArray, n: (bound: string) => string) => string]> = [
  // An empty text: a trimmed or blank input reads as missing.
  [/^Too small: expected string to have >=1 characters?$/, () => 'is required'],
  [/^Too small: expected string to have >=?(\d+) characters?$/, (m) => `must be at least ${m[1]} characters`],
  [/^Too big: expected string to have <=?(\d+) characters?$/, (m) => `must be at most ${m[1]} characters`],
  [/^Too small: expected number to be >=(\S+)$/, (m, n) => `must be at least ${n(m[1]!)}`],
  [/^Too small: expected number to be >(\S+)$/, (m, n) => `must be more than ${n(m[1]!)}`],
  [/^Too big: expected number to be <=(\S+)$/, (m, n) => `must be at most ${n(m[1]!)}`],
  [/^Too big: expected number to be <(\S+)$/, (m, n) => `must be less than ${n(m[1]!)}`],
  [/^Too small: expected array to have >=?(\d+) items?$/, (m) => `needs at least ${m[1]} entries`],
  [/^Too big: expected array to have <=?(\d+) items?$/, (m) => `takes at most ${m[1]} entries`],
  [/^Too (?:small|big): expected (?:set|map|object|date|bigint|file).*$/, () => 'is out of range'],
  [/^Invalid input: expected \w+, received (?:undefined|null)$/, () => 'is required'],
  [/^Invalid input: expected (?:int|integer), received \w+$/, () => 'must be a whole number'],
  [/^Invalid input: expected (number|string|boolean|array|object|date), received \w+$/, (m) => `must be ${ARTICLE[m[1]!]}`],
  [/^Invalid (?:email address|email)$/i, () => 'is not a valid e-mail address'],
  [/^Invalid (?:url|URL)$/, () => 'is not a valid web address'],
  [/^Invalid (?:UUID|uuid|GUID|guid|cuid2?|ulid|nanoid)$/, () => 'is not a valid link code'],
  [/^Invalid ISO date(?:time)?$/, () => 'is not a valid date (YYYY-MM-DD)'],
  [/^Invalid string: must match pattern .*$/, () => 'has the wrong format'],
  [/^Invalid string: must (?:start|end) with .*$/, () => 'has the wrong format'],
  [/^Invalid number: must be a multiple of (\S+)$/, (m, n) => `must be a multiple of ${n(m[1]!)}`],
  [/^Invalid option: expected one of .*$/, () => 'is not one of the choices offered'],
  // A range's check names its other end by key ("must not be after to (2026-11-20)"); an end that
  // is an instant (the audit log's) reads in the browser's time, as the person typed it.
  [/^must not be after to(?: \((\S+)\))?$/, (m) => `must not be after the end date${m[1] ? ` (${readableEnd(m[1])})` : ''}`],
  [/^Unrecognized keys?: .*$/, () => 'has fields this form does not take'],
];

/** A range's end as the server named it: a day stays as it is, an instant reads as a local date and time. */
function readableEnd(end: string): string {
  return /^\d{4}-\d{2}-\d{2}T/.test(end) && !Number.isNaN(Date.parse(end)) ? formatDate(end) : end;
}

const ARTICLE: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'filled in',
  date: 'a date',
};

/**
 * A validator's own wording that no rule above turned into a sentence ("Invalid input",
 * "Invalid discriminator value", "expected …, received …"): never shown as it is.
 */
const VALIDATOR_TEXT =
  /^(?:Invalid (?:input|option|string|number|type|key|element|union|discriminator|enum|literal|date|ISO)\b|Too (?:small|big)\b|Expected\b|Required$)|\breceived\b|\bexpected (?:one of|string|number|array|object|boolean)/i;

/** A lowercase message that is a sentence of its own ("a price move must be …", "choose the deal …"). */
const OWN_SUBJECT = /^(?:a|an|the|each|choose|give|name|enter|pick)\b/;

/** The message without a leading name of its field ("threshold must …", "features: name …"). */
function withoutFieldName(message: string, field: string, key: string): string {
  for (const name of [field, key]) {
    const named = name && message.toLowerCase().match(new RegExp(`^${name.toLowerCase().replace(/\W/g, '\\$&')}:? `));
    if (named) return message.slice(named[0].length);
  }
  return message;
}

/**
 * How a form field is typed when it differs from the contract's number: a rate the contract
 * carries as a decimal (0.0525) is typed in percent (5.25), so its bounds are said in percent.
 */
export type Unit = 'percent';

const inUnit =
  (unit: Unit | undefined) =>
  (bound: string): string =>
    unit === 'percent' && Number.isFinite(Number(bound)) ? `${Number((Number(bound) * 100).toPrecision(12))}%` : bound;

/** A contract's bound on a rate it carries as a decimal, said as both ("…at most 0.5 (50%)"; common/api/edgar). */
const DECIMAL_RATE = /^must be a decimal rate of (at least|at most) (\S+) \(\S+%\)$/;

function sentence(field: string, message: string, key = '', unit?: Unit): string {
  // Typed in percent, the person reads the percent alone; anyone else, the decimal and its percent.
  const rate = unit === 'percent' ? message.match(DECIMAL_RATE) : null;
  if (rate) return `${field} must be ${rate[1]} ${inUnit(unit)(rate[2]!)}.`;
  for (const [pattern, say] of RULES) {
    const match = message.match(pattern);
    if (match) return `${field} ${say(match, inUnit(unit))}.`;
  }
  if (VALIDATOR_TEXT.test(message)) return `${field} is not valid.`;
  if (/^[a-z]/.test(message)) {
    const text = message.replace(/[.!?]$/, '');
    // A message that names the field itself gets the label once, not "Threshold threshold must …".
    const predicate = withoutFieldName(text, field, key);
    if (OWN_SUBJECT.test(predicate)) return `${predicate.charAt(0).toUpperCase()}${predicate.slice(1)}.`;
    // A contract's predicate ("must be a date YYYY-MM-DD") completes the field's name.
    return `${field} ${predicate}.`;
  }
  // A message the schema wrote for people ("Enter the 6-digit code") stands on its own.
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/**
 * The server's validation text as one sentence per field it names, with the field's path in the
 * body ("profile.sectors"; "" for the body as a whole; "query.from" outside it), so a form can put each on its field; null
 * when the text is not a validation failure. `unitOf`: how the form has that path typed (see `Unit`).
 */
export function humaneServerIssues(
  text: string,
  unitOf: (path: string) => Unit | undefined = () => undefined,
): Array<{ path: string; sentence: string }> | null {
  if (!VALIDATION.test(text)) return null;
  return text
    .replace(/^Invalid /, '')
    .split('; ')
    .map((part) => {
      const colon = part.indexOf(': ');
      if (colon < 0) return { path: '', sentence: sentence('The request', part) };
      const where = part.slice(0, colon);
      const path = where.replace(/^(body|querystring|query|params|headers|request)\.?/, '');
      // Only a body's path names a form's field; a query's or the address's keeps its source.
      const inBody = /^body\b/.test(where);
      return {
        path: inBody ? path : where,
        sentence: sentence(fieldLabel(path), part.slice(colon + 2), fieldKey(path), inBody ? unitOf(path) : undefined),
      };
    });
}

/** Turns the server's validation text into sentences; any other text is returned unchanged. */
export function humaneServerError(text: string): string {
  const issues = humaneServerIssues(text);
  return issues ? issues.map((issue) => issue.sentence).join(' ') : text;
}

/**
 * One issue of a form's own check against a contract (a zod issue), as a sentence; `unit`: how
 * the form has the person type that field, when not as the contract's number.
 */
export function humaneIssue(issue: { path: readonly PropertyKey[]; message: string } | undefined, unit?: Unit): string {
  if (!issue) return 'Check the form: something in it is not valid.';
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol').join('.');
  return sentence(fieldLabel(path), issue.message, fieldKey(path), unit);
}
