import { describe, expect, it } from 'vitest';
import { draftProblem, saveBadge, sheetFileStem } from './pricingSheetView';
import { worksheetContent, type Worksheet } from './worksheet';

const worksheet: Worksheet = {
  mode: 'issuer',
  issuerId: '42',
  sector: null,
  rating: null,
  tranches: [{ tenorYears: 5, sizeMm: 750 }],
  overrides: [{}],
};

describe('an opened pricing sheet', () => {
  it('refuses to save a sheet without a name, and otherwise asks the worksheet', () => {
    const content = worksheetContent(worksheet);
    expect(draftProblem({ name: '  ', notes: '', content })).toBe('name: give the sheet a name');
    expect(draftProblem({ name: 'Deal A', notes: '', content })).toBeNull();
  });

  it('says where the save is', () => {
    expect(saveBadge({ kind: 'saved', version: 3 })).toEqual({ color: 'teal', text: 'Saved · version 3' });
    expect(saveBadge({ kind: 'saving' })).toEqual({ color: 'yellow', text: 'Saving…' });
    expect(saveBadge({ kind: 'invalid', problem: 'x' })).toEqual({ color: 'orange', text: 'Not saved: x' });
    expect(saveBadge({ kind: 'failed', message: 'x' })).toEqual({ color: 'red', text: 'Not saved' });
  });

  it('names the workbook after the sheet, safe as a file name', () => {
    expect(sheetFileStem('Acme 5y/10y')).toBe('Acme_5y_10y');
    expect(sheetFileStem('')).toBe('pricing-sheet');
  });
});
