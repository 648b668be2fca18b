/** The current terms of service (GET /auth/tos, public), in a scrollable block. */
import { Loader, ScrollArea, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { authApi } from '../session/authApi';
import { FormError } from './AuthPanel';
import { apiErrorText } from '../api/errorText';

export const TOS_QUERY_KEY = ['auth', 'tos'] as const;

export function useTosText() {
  return useQuery({ queryKey: TOS_QUERY_KEY, queryFn: authApi.tosText, staleTime: 10 * 60_000 });
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
