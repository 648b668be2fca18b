/** The concession model under the tranches: its method, the deals it learnt from, and its fit. */
import { Card, Text } from '@mantine/core';
import type { CalculatorResponse } from '@common/api/newIssueCalculator';
import { modelFit } from './calculatorView';

export function ConcessionModelCard({ model }: { model: CalculatorResponse['model'] }) {
  return (
    <Card withBorder padding="sm" data-testid="concession-model">
      <Text fw={700} size="sm">
        Concession model: {model.method}, {model.observations} priced tranches {model.from} to {model.to}
      </Text>
      <Text size="xs" c="dimmed">
        {modelFit(model).join(' · ')}
      </Text>
    </Card>
  );
}
