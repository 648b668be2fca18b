/**
 * /bw/admin/edgar/{edgarId}: one term sheet — the document as filed beside the fields read from
 * it, the problems left (each on its field), corrections saved and checked again by the server,
 * and the priced deal and bonds made from it, with the issuer matched by name, picked, or created.
 */
import { Alert, Anchor, Badge, Card, Center, Grid, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { STATUS_COLORS } from './edgarApi';
import { FilingEditor } from './FilingEditor';
import { useAdminFiling } from './useAdminFiling';

export default function AdminFilingPage() {
  const { filing, text } = useAdminFiling();
  const f = filing.data;
  return (
    <Stack gap="sm" data-testid="admin-filing-page">
      <PageTitle />
      {filing.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {filing.isError && <Alert color="red">{apiErrorText(filing.error)}</Alert>}
      {f && (
        <>
          <Group>
            <Text fw={700}>
              #{f.id} {f.fileName}
            </Text>
            <Badge variant="light" color={STATUS_COLORS[f.status]} data-testid="filing-status">
              {f.status}
            </Badge>
            {f.layout && (
              <Text size="sm" c="dimmed">
                {f.layout} layout{f.corrected ? ' · corrected' : ''}
              </Text>
            )}
            {f.dealId !== null && (
              <Anchor component={Link} to={`/bw/admin/deal/${f.dealId}`} size="sm" data-testid="filing-deal">
                Deal #{f.dealId}
              </Anchor>
            )}
            <Anchor component={Link} to="/bw/admin/edgar" size="sm">
              All filings
            </Anchor>
          </Group>
          <Grid>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Card withBorder padding="sm">
                <Text fw={700} size="sm" mb="xs">
                  As filed
                </Text>
                <ScrollArea h="75vh">
                  <Text component="pre" size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap' }} data-testid="filing-source">
                    {text}
                  </Text>
                </ScrollArea>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <FilingEditor key={`${f.id}:${JSON.stringify(f.reading)}:${f.status}`} filing={f} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
