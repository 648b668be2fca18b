/**
 * /bw/primary/pricing: the new-issue calculator (feature new_issue_calculator) — the working area
 * (CalculatorWorkspace) on a fresh worksheet, which can be kept as a pricing sheet
 * (/bw/primary/pricing-sheet/{id}) to come back to.
 */
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CalculatorResponse } from '@common/api/newIssueCalculator';
import { PRICING_SHEET_NAME_MAX } from '@common/api/pricingSheets';
import { handleError } from '../../api/errors';
import { notifications } from '@mantine/notifications';
import { PageTitle } from '../../components/PageTitle';
import { CalculatorWorkspace } from './CalculatorWorkspace';
import { pricingSheetsApi } from './pricingSheetsApi';
import { NEW_WORKSHEET, type Worksheet, worksheetContent } from './worksheet';

/** A new sheet's name: who and when, as a banker would label it. */
export function sheetNameFor(answer: CalculatorResponse | undefined, worksheet: Worksheet): string {
  const who =
    answer?.issuer?.ticker ?? (worksheet.mode === 'hypothetical' ? `${worksheet.sector ?? ''} ${worksheet.rating ?? ''}`.trim() : '');
  const tenors = worksheet.tranches.map((t) => `${t.tenorYears}Y`).join('/');
  const day = answer?.pricingDay ?? '';
  return [who, tenors, day].filter(Boolean).join(' ').slice(0, PRICING_SHEET_NAME_MAX) || 'Pricing sheet';
}

export default function CalculatorPage() {
  const [worksheet, setWorksheet] = useState<Worksheet>(NEW_WORKSHEET);
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const saveAsSheet = async (answer: CalculatorResponse | undefined) => {
    setSaving(true);
    try {
      const sheet = await pricingSheetsApi.create({ name: sheetNameFor(answer, worksheet), content: worksheetContent(worksheet) });
      void navigate(`/bw/primary/pricing-sheet/${sheet.id}`);
    } catch (error) {
      handleError(error, { notifier: notifications.show, prefix: 'Saving the pricing sheet failed:' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="calculator-page">
      <PageTitle title="New-issue calculator" />
      <CalculatorWorkspace
        worksheet={worksheet}
        onChange={setWorksheet}
        fileStem="new-issue-calculator"
        actions={(answer) => (
          <Button variant="default" onClick={() => void saveAsSheet(answer)} loading={saving} data-testid="calculator-save-sheet">
            Save as pricing sheet
          </Button>
        )}
      />
    </Stack>
  );
}
