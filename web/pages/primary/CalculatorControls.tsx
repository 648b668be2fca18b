/** The calculator's inputs above the tranches — issuer, or sector and rating — and its buttons. */
import { Button, Group, SegmentedControl, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { type CalculatorResponse, MAX_CALCULATOR_TRANCHES } from '@common/api/newIssueCalculator';
import { SP_RATINGS } from '@common/market';
import { IssuerPicker } from '../../components/IssuerPicker';
import { MODE_OPTIONS, SECTOR_OPTIONS, withNewTranche } from './calculatorView';
import { Editable } from './Editable';
import type { CalculatorWorkspaceState } from './useCalculatorWorkspace';
import type { WorksheetMode } from './worksheet';

export function CalculatorControls({
  state,
  actions,
  readOnly,
}: {
  state: CalculatorWorkspaceState;
  actions?: (answer: CalculatorResponse | undefined) => ReactNode;
  readOnly: boolean;
}) {
  const { worksheet, onChange, set, data, request, canExport, canAnnounce } = state;
  const { mode, issuerId, sector, rating, tranches } = worksheet;
  return (
    <Group align="end">
      <Editable readOnly={readOnly}>
        <SegmentedControl value={mode} onChange={(v) => set({ mode: v as WorksheetMode })} data={MODE_OPTIONS} />
        {mode === 'issuer' ? (
          <IssuerPicker
            value={issuerId}
            onChange={(v) => set({ issuerId: v })}
            known={data?.issuer ? { id: data.issuer.id, ticker: data.issuer.ticker, name: data.issuer.displayName } : null}
          />
        ) : (
          <>
            <Select label="Sector" value={sector} onChange={(v) => set({ sector: v })} data={SECTOR_OPTIONS} w={240} />
            <Select label="Rating (S&P)" value={rating} onChange={(v) => set({ rating: v })} data={[...SP_RATINGS]} w={120} />
          </>
        )}
        <Button variant="light" onClick={() => onChange(withNewTranche(worksheet))} disabled={tranches.length >= MAX_CALCULATOR_TRANCHES}>
          Add tranche
        </Button>
      </Editable>
      {canExport && (
        <Button
          variant="default"
          onClick={() => void state.exportXlsx()}
          loading={state.exporting}
          disabled={!request}
          data-testid="calculator-xlsx"
        >
          Download xlsx
        </Button>
      )}
      {canAnnounce && mode === 'issuer' && (
        <Button
          variant="default"
          onClick={() => void state.announce()}
          loading={state.announcing}
          disabled={!request}
          data-testid="calculator-new-deal"
        >
          Announce as a deal
        </Button>
      )}
      {actions?.(data)}
    </Group>
  );
}
