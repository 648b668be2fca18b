import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TENOR_BUCKETS } from '@common/market';
import { METRIC_OPTIONS } from './marketView';

const guide = readFileSync(resolve(__dirname, '../../../content/help/guides/market-summary.md'), 'utf8');

/** "1½" → 1.5: how the guide writes a bound. */
const years = (text: string) => Number(text.replace('½', '.5'));

describe('the market summary guide', () => {
  it('lists exactly the tenor buckets the grid uses, with their maturity ranges', () => {
    const rows = [...guide.matchAll(/^\| (\d+Y) \| (?:up to ([\d½]+) years|([\d½]+) to ([\d½]+) years|([\d½]+) years and more) \|$/gm)];
    const described = rows.map((m) => ({
      id: m[1],
      minYears: m[2] !== undefined ? 0 : years(m[3] ?? m[5]!),
      maxYears: m[2] !== undefined ? years(m[2]) : m[4] !== undefined ? years(m[4]) : Number.POSITIVE_INFINITY,
    }));
    expect(described).toEqual(TENOR_BUCKETS.map((b) => ({ id: b.id, minYears: b.minYears, maxYears: b.maxYears })));
  });

  it('names every metric the grid offers', () => {
    for (const metric of METRIC_OPTIONS) expect(guide).toContain(`**${metric.label}**`);
  });
});
