import { describe, expect, it } from 'vitest';
import type { VolumeResponse } from '@common/api/primary';
import { volumeCsv } from './NewIssueVolumePage';

describe('new-issue volume CSV', () => {
  it('writes one line per period with the split in the key order, par in USD', () => {
    const data: VolumeResponse = {
      asOf: '2026-11-20',
      keys: [
        { key: 'IG', label: 'Investment grade' },
        { key: 'HY', label: 'High yield' },
      ],
      periods: [
        { start: '2026-11-09', volume: 1.5e9, bonds: 3, deals: 1, byKey: { IG: 1e9, HY: 5e8 } },
        { start: '2026-11-16', volume: 0, bonds: 0, deals: 0, byKey: {} },
      ],
      yearToDate: { year: 2026, volume: 0, bonds: 0, deals: 0, priorVolume: 0, priorBonds: 0, priorDeals: 0 },
    };
    expect(volumeCsv(data)).toBe(
      'period start,total,deals,bonds,Investment grade,High yield\r\n2026-11-09,1500000000,1,3,1000000000,500000000\r\n2026-11-16,0,0,0,0,0\r\n',
    );
  });
});
