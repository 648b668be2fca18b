/**
 * FINRA's Query API answered from a recorded dataset (a JSON list of records): the filters,
 * sort and paging of a `POST /data/group/{group}/name/{dataset}` body, as FINRA applies them,
 * for the replay server and the tests' own FINRA.
 */
type Row = Record<string, unknown>;

interface QueryBody {
  fields?: string[];
  compareFilters?: { fieldName: string; fieldValue: unknown; compareType: string }[];
  domainFilters?: { fieldName: string; values: unknown[] }[];
  dateRangeFilters?: { fieldName: string; startDate: string; endDate: string }[];
  sortFields?: string[];
  limit?: number;
  offset?: number;
}

export const REPLAY_RECORD_LIMIT = 5000;

const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
};

/** The status, headers and body FINRA would answer; 400 for a body it would refuse. */
export function answerFinraQuery(rows: readonly Row[], body: unknown): { status: number; headers: Record<string, string>; body: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { status: 400, headers: {}, body: JSON.stringify({ message: 'The request body must be a JSON object' }) };
  const q = body as QueryBody;
  const limit = q.limit ?? REPLAY_RECORD_LIMIT;
  const offset = q.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > REPLAY_RECORD_LIMIT)
    return { status: 400, headers: {}, body: JSON.stringify({ message: `limit must be between 1 and ${REPLAY_RECORD_LIMIT}` }) };
  let matched = rows.filter(
    (r) =>
      (q.compareFilters ?? []).every((f) => {
        const c = compare(r[f.fieldName], f.fieldValue);
        if (f.compareType === 'EQUAL') return f.fieldValue === null ? r[f.fieldName] == null : c === 0;
        if (f.compareType === 'GREATER') return c > 0;
        if (f.compareType === 'LESSER') return c < 0;
        return true;
      }) &&
      (q.domainFilters ?? []).every((f) => f.values.includes(r[f.fieldName])) &&
      (q.dateRangeFilters ?? []).every((f) => {
        const d = String(r[f.fieldName] ?? '');
        return d >= f.startDate && d <= f.endDate;
      }),
  );
  for (const field of [...(q.sortFields ?? [])].reverse()) {
    const desc = field.startsWith('-');
    const name = field.replace(/^[-+]/, '');
    matched = [...matched].sort((a, b) => (desc ? -1 : 1) * compare(a[name], b[name]));
  }
  if (matched.length === 0) return { status: 204, headers: { 'record-total': '0' }, body: '' };
  if (offset >= matched.length)
    return {
      status: 400,
      headers: {},
      body: JSON.stringify({ message: `Offset of ${offset} is larger than the number of records ${matched.length}` }),
    };
  const page = matched
    .slice(offset, offset + limit)
    .map((r) => (q.fields ? Object.fromEntries(q.fields.map((f) => [f, r[f] ?? null])) : r));
  return {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'record-total': String(matched.length),
      'record-offset': String(offset),
      'record-limit': String(limit),
      'record-max-limit': String(REPLAY_RECORD_LIMIT),
    },
    body: JSON.stringify(page),
  };
}
