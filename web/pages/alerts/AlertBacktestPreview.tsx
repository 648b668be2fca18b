/**
 * The alert editor's live preview: once the draft is valid, how often the rule would have fired
 * over the last 30 days (POST /v2/hawk/backtest, debounced while the person types).
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  HAWK_BACKTEST_DAYS,
  HAWK_PATHS,
  hawkSubscriptionCreateBodySchema,
  type HawkBacktestBody,
  type HawkBacktestResult,
} from '@common/api/hawk';
import { apiErrorText } from '../../api/errorText';
import { humaneIssue } from '../../api/humaneError';
import { useApiPostQuery } from '../../api/queries';
import { bodyOf, type Draft } from './ruleDraft';

export function Preview({ draft }: { draft: Draft }) {
  const parsed = hawkSubscriptionCreateBodySchema.safeParse(bodyOf(draft));
  const body = parsed.success ? { rule: parsed.data.rule, target: parsed.data.target, frequency: parsed.data.frequency } : null;
  // Debounced as text: the body is a new object at every render, its text only when the rule changes.
  const [debounced] = useDebouncedValue(body ? JSON.stringify(body) : null, 400);
  const result = useApiPostQuery<HawkBacktestResult>(
    HAWK_PATHS.backtest,
    debounced === null ? null : (JSON.parse(debounced) as HawkBacktestBody),
    { retry: false },
  );
  if (!parsed.success)
    return (
      <Text size="sm" c="dimmed" data-testid="hawk-preview-invalid">
        {humaneIssue(parsed.error.issues[0])}
      </Text>
    );
  if (result.isError)
    return (
      <Alert color="red" data-testid="hawk-preview-error">
        {apiErrorText(result.error)}
      </Alert>
    );
  if (!result.data)
    return (
      <Text size="sm" c="dimmed">
        Backtesting…
      </Text>
    );
  const d = result.data;
  return (
    <Stack gap={4} data-testid="hawk-preview">
      <Text size="sm">
        Over the last {HAWK_BACKTEST_DAYS} days ({d.from} to {d.to}) this rule would have fired{' '}
        <strong data-testid="hawk-preview-count">{d.firings}</strong> {d.firings === 1 ? 'time' : 'times'} on {d.days}{' '}
        {d.days === 1 ? 'day' : 'days'}.
      </Text>
      <Text size="xs" c="dimmed">
        From {d.basis}.
      </Text>
      {d.samples.slice(0, 5).map((s) => (
        <Text key={`${s.at}-${s.bondId}-${s.message}`} size="xs">
          {s.at.slice(0, 10)} {s.cusip ? `${s.cusip}: ` : ''}
          {s.message}
        </Text>
      ))}
    </Stack>
  );
}
