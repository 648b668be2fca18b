/**
 * Every refusal a form can meet from a contract reads as a sentence about the input: each zod
 * schema of common/api is fed empty, wrong-typed and oversized input, and the issues it raises are
 * put the two ways a page shows them — the server's 400 text through the API client, and a form's
 * own check of a draft — then read for a validator's words. A schema added later is covered too.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humaneIssue, humaneServerError } from './humaneError';

const contracts = import.meta.glob<Record<string, unknown>>('../../common/api/*.ts', { eager: true });

/** Text only a validator writes: its wording, a field path, a camelCase name, a lowercase start. */
const RAW = [
  /Invalid (?:option|input|string|number|type|key|element|union|discriminator|enum|literal)/i,
  /\bexpected\b|\breceived\b/,
  /Too (?:small|big)/i,
  /\b\w+\.\w+:/,
  /\b[a-z]+[A-Z][a-zA-Z]*\b/,
  /[<>]=?\d/,
];

function inputsFor(schema: z.ZodType): unknown[] {
  const long = 'x'.repeat(100_001);
  const inputs: unknown[] = [undefined, null, 'not a value', -1e12, [], {}];
  if (schema instanceof z.ZodObject) {
    const keys = Object.keys(schema.shape as Record<string, unknown>);
    inputs.push(Object.fromEntries(keys.map((k) => [k, 'x'])));
    inputs.push(Object.fromEntries(keys.map((k) => [k, long])));
    inputs.push(Object.fromEntries(keys.map((k) => [k, -1e12])));
    inputs.push(Object.fromEntries(keys.map((k) => [k, { kind: 'x' }])));
    inputs.push(Object.fromEntries(keys.map((k) => [k, ['x']])));
  }
  return inputs;
}

function rawParts(text: string): string[] {
  return RAW.filter((pattern) => pattern.test(text)).map(String);
}

const schemas = Object.entries(contracts).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace(/^.*\//, '')} ${name}`, schema })),
);

describe('no form refusal shows a validator its own words', () => {
  it('finds the contracts to walk', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('every issue of every contract reads as sentences, from the server and from a form', () => {
    const offending: string[] = [];
    for (const { name, schema } of schemas) {
      for (const input of inputsFor(schema)) {
        const parsed = schema.safeParse(input);
        if (parsed.success) continue;
        for (const issue of parsed.error.issues) {
          const path = issue.path.map(String).join('.');
          const fromServer = humaneServerError(`Invalid body${path ? `.${path}` : ''}: ${issue.message}`);
          const fromForm = humaneIssue(issue);
          for (const shown of [fromServer, fromForm]) {
            const raw = rawParts(shown);
            if (raw.length > 0 || !/^[A-Z0-9"'“]/.test(shown)) offending.push(`${name}: "${shown}" (from "${issue.message}")`);
          }
        }
      }
    }
    expect([...new Set(offending)].slice(0, 400)).toEqual([]);
  });

  it("the alert editor's metric and a disable link read as the person's input", () => {
    expect(humaneServerError('Invalid body.rule.metric: Invalid option: expected one of "price"|"yield"|"gSpread"|"tSpread"')).toBe(
      'Metric is not one of the choices offered.',
    );
    expect(humaneIssue({ path: ['rule', 'gSpread'], message: 'Invalid input: expected number, received null' })).toBe(
      'G-spread is required.',
    );
  });
});
