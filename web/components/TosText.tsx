/** The current terms of service (GET /auth/tos, public), in a scrollable block. */
import { Loader, ScrollArea, Text, Title } from '@mantine/core';
import { AUTH_PATHS, tosTextSchema } from '@common/api/auth';
import { FormError } from './AuthPanel';
import { apiErrorText } from '../api/errorText';
import { useApiQuery } from '../api/queries';

export function useTosText() {
  // Checked against the contract like every auth call: a drifted answer shows as an error.
  return useApiQuery(AUTH_PATHS.tosText, { schema: tosTextSchema, staleTime: 10 * 60_000 });
}

export function TosText({ height = 260 }: { height?: number }) {
  const tos = useTosText();
  if (tos.isPending) return <Loader size="sm" type="dots" />;
  if (tos.isError) return <FormError testId="tos-error" error={apiErrorText(tos.error, 'Could not load the terms of service')} />;
  return (
    <div data-testid="tos-text" data-version={tos.data.version}>
      <Title order={2} size="h3" mb={4}>
        {tos.data.title}
      </Title>
      <Text size="xs" c="dimmed" mb={4}>
        Version {tos.data.version}
      </Text>
      <ScrollArea.Autosize mah={height} type="auto" offsetScrollbars>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {tos.data.text}
        </Text>
      </ScrollArea.Autosize>
    </div>
  );
}
