/**
 * The calculator's working area, shared by the calculator page and an opened pricing sheet: pick
 * an issuer — or a sector and rating for a hypothetical one — and tranches by tenor and size; the
 * server reads benchmark, fair value, the concession model and typical tightening
 * (POST /v2/primary/calculator); every override recomputes at once in the browser with the same
 * pricing function (calculatorLevels.ts). The model's method and fit are shown under the tranches.
 * The worksheet itself is the caller's state, so a pricing sheet can save it as it changes.
 * `readOnly` (a sheet shared to view) disables every control that changes the worksheet; the
 * answers, the workbook and the model stay.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CalculatorResponse } from '@common/api/newIssueCalculator';
import { apiErrorText } from '../../api/errorText';
import { CalculatorControls } from './CalculatorControls';
import { CalculatorTranches } from './CalculatorTranches';
import { calculatorContext } from './calculatorView';
import { ConcessionModelCard } from './ConcessionModelCard';
import { useCalculatorWorkspace } from './useCalculatorWorkspace';
import type { Worksheet } from './worksheet';

interface Props {
  worksheet: Worksheet;
  onChange: (next: Worksheet) => void;
  /** The downloaded workbook's name, before the pricing day. */
  fileStem: string;
  /** More buttons beside the calculator's own, given the latest answer. */
  actions?: (answer: CalculatorResponse | undefined) => ReactNode;
  /** Nothing in the worksheet can be changed (a pricing sheet shared to view). */
  readOnly?: boolean;
}

export function CalculatorWorkspace({ worksheet, onChange, fileStem, actions, readOnly = false }: Props) {
  const state = useCalculatorWorkspace({ worksheet, onChange, fileStem });
  const { answer, data, actionError } = state;
  return (
    <Stack gap="sm">
      <CalculatorControls state={state} actions={actions} readOnly={readOnly} />
      {actionError && (
        <Alert color="red" role="alert">
          {actionError}
        </Alert>
      )}
      {answer.error && (
        <Alert color="red" role="alert">
          {apiErrorText(answer.error)}
        </Alert>
      )}
      {data && (
        <Text size="sm" c="dimmed" data-testid="calculator-context">
          {calculatorContext(data)}
        </Text>
      )}
      <CalculatorTranches state={state} readOnly={readOnly} />
      {data && <ConcessionModelCard model={data.model} />}
    </Stack>
  );
}
