import { describe, expect, it } from 'vitest';
import { changedFields } from './TrancheEditor';

const saved = {
  tenorYears: 10,
  sizeMm: 1000,
  coupon: 0.05,
  iptSpreadBp: 135,
  guidanceSpreadBp: null,
  launchSpreadBp: null,
  pricedSpreadBp: null,
  orderBookMm: null,
};

describe("a tranche row's save", () => {
  it('sends only the fields that changed, a cleared one as null', () => {
    expect(changedFields(saved, { ...saved, guidanceSpreadBp: 120, iptSpreadBp: null })).toEqual({
      guidanceSpreadBp: 120,
      iptSpreadBp: null,
    });
  });
  it('sends nothing when nothing changed', () => {
    expect(changedFields(saved, { ...saved })).toEqual({});
  });
});
