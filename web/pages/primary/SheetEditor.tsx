/** One loaded sheet: its name, notes and calculator, with the save state, alerts and History. */
import { Anchor, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { PRICING_SHEET_NAME_MAX, PRICING_SHEET_NOTES_MAX, type PricingSheet } from '@common/api/pricingSheets';
import { CalculatorWorkspace } from './CalculatorWorkspace';
import { sheetFileStem } from './pricingSheetView';
import { SheetHistory } from './SheetHistory';
import { SheetAlerts, SheetBadge } from './SheetStatus';
import { useSheetEditor } from './useSheetEditor';

export function SheetEditor({ sheet }: { sheet: PricingSheet }) {
  const state = useSheetEditor(sheet);
  const { worksheet, name, notes, readOnly, historyOpen, setHistoryOpen, edit, restore } = state;
  return (
    <Stack gap="sm">
      <Group align="end">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => edit({ name: e.currentTarget.value })}
          maxLength={PRICING_SHEET_NAME_MAX}
          w={360}
          readOnly={readOnly}
          disabled={readOnly}
          data-testid="sheet-name"
        />
        <SheetBadge state={state} />
        <Button size="xs" variant="default" onClick={() => setHistoryOpen(true)} data-testid="sheet-history">
          History
        </Button>
        <Anchor component={Link} to="/bw/primary/pricing-sheet" size="sm">
          All pricing sheets
        </Anchor>
      </Group>
      <SheetAlerts state={state} />
      <Textarea
        label="Notes"
        value={notes}
        onChange={(e) => edit({ notes: e.currentTarget.value })}
        maxLength={PRICING_SHEET_NOTES_MAX}
        autosize
        minRows={2}
        maxRows={8}
        readOnly={readOnly}
        disabled={readOnly}
        data-testid="sheet-notes"
      />
      <CalculatorWorkspace
        worksheet={worksheet}
        onChange={(next) => edit({ worksheet: next })}
        fileStem={sheetFileStem(name)}
        readOnly={readOnly}
      />
      <SheetHistory sheetId={sheet.id} opened={historyOpen} onClose={() => setHistoryOpen(false)} onRestore={readOnly ? null : restore} />
    </Stack>
  );
}
