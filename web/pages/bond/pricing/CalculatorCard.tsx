/**
 * The bond page's calculator card: the analytics engine in the browser — price → yield, spreads and
 * risk; yield or G-spread → price; what-if settlement date; yields to each call and to worst — on
 * the Treasury curve the server's analytics used, so at the bond's own price it agrees with them.
 *
 * State and pricing live in useCalculator; this file lays out the parts.
 */
import { Alert, Button, Card, Group, Text } from '@mantine/core';
import { type BondDetailResponse } from '@common/api/bond';
import { CalculatorInputs } from './CalculatorInputs';
import { CalculatorResults } from './CalculatorResults';
import { YieldsToCallTable } from './YieldsToCallTable';
import { useCalculator } from './useCalculator';

export function Calculator({ detail }: { detail: BondDetailResponse }) {
  const state = useCalculator(detail);
  const { result, error, redemptions } = state;

  return (
    <Card withBorder padding="sm" data-testid="calculator">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          Calculator
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={state.reset} data-testid="calc-reset">
          Reset to today
        </Button>
      </Group>
      <CalculatorInputs state={state} />
      {error && (
        <Alert color="red" p={6} mt="xs" data-testid="calc-error">
          <Text size="xs">{error}</Text>
        </Alert>
      )}
      {result && <CalculatorResults result={result} />}
      {redemptions && <YieldsToCallTable rows={redemptions} />}
    </Card>
  );
}
