/** The calculator's inputs: settlement date, and price, yield and G-spread, any of which may drive. */
import { Group, NumberInput, Text, TextInput } from '@mantine/core';
import { formatDay } from '@common/format';
import type { CalculatorState } from './useCalculator';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export function CalculatorInputs({ state }: { state: CalculatorState }) {
  const { settlement, setSettlement, shown, edit, floating, hasCurve, curveDate } = state;
  return (
    <>
      <Group gap="xs" align="flex-end" grow>
        <TextInput
          size="xs"
          type="date"
          label="Settlement"
          value={settlement}
          data-testid="calc-settlement"
          onChange={(e) => e.currentTarget.value && setSettlement(e.currentTarget.value)}
          description={state.isDefaultSettlement ? 'T+1' : 'what-if'}
        />
        <NumberInput
          size="xs"
          label="Clean price"
          description="per 100 face"
          value={shown('price')}
          decimalScale={6}
          hideControls
          onChange={(v) => edit('price', v)}
          data-testid="calc-price"
          styles={MONOSPACE}
        />
        <NumberInput
          size="xs"
          label={floating ? 'Yield (index + DM)' : 'Yield to maturity'}
          description="%"
          value={shown('yield')}
          decimalScale={6}
          hideControls
          onChange={(v) => edit('yield', v)}
          data-testid="calc-yield"
          styles={MONOSPACE}
        />
        <NumberInput
          size="xs"
          label="G-spread"
          description={hasCurve ? 'bp over Treasuries' : 'no curve'}
          value={shown('spread')}
          decimalScale={3}
          hideControls
          disabled={!hasCurve}
          onChange={(v) => edit('spread', v)}
          data-testid="calc-spread"
          styles={MONOSPACE}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4} data-testid="calc-note" data-curve-date={curveDate ?? undefined}>
        Type in any of price, yield or spread; the others follow. Same engine and conventions as the server's evaluated prices
        {curveDate ? `; Treasury curve of ${formatDay(curveDate)}, as the analytics` : ''}.
      </Text>
    </>
  );
}
