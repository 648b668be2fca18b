import { describe, expect, it } from 'vitest';
import { sharedByText, sheetWorkbookName } from './sheetListView';

describe('the pricing sheet list', () => {
  it('names who shared a sheet, by name when known, and what the caller may do', () => {
    const owner = { email: 'ann@example.com', name: 'Ann Lee' };
    expect(sharedByText({ owner, permission: 'edit', shareId: 's1' })).toBe('Shared by Ann Lee · can edit');
    expect(sharedByText({ owner: { ...owner, name: null }, permission: 'view', shareId: 's1' })).toBe(
      'Shared by ann@example.com · view only',
    );
  });

  it('names the workbook after the sheet, safe as a file name', () => {
    expect(sheetWorkbookName('Acme 5y/10y')).toBe('Acme_5y_10y.xlsx');
  });
});
