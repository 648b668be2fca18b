/**
 * /bw/admin/sectors: the two-level taxonomy (sectors holding industries; issuers belong to
 * industries). Add a sector or an industry, rename, move an industry under another sector,
 * delete an empty one (the server refuses while issuers or industries remain), and move issuers
 * between industries. Each change names the version read and is audited. docs/admin.md.
 * The data and edits live in useAdminSectors.ts; the rows and panels in their own files.
 */
import { Alert, Card, Grid, Stack, Table, Text } from '@mantine/core';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { AddSector } from './AddSector';
import { IndustryIssuers } from './IndustryIssuers';
import { SectorRow } from './SectorRow';
import { useAdminSectors } from './useAdminSectors';

export default function AdminSectorsPage() {
  const { sectors, all, ordered, selected, setSelected, industry } = useAdminSectors();
  return (
    <Stack gap="sm" data-testid="admin-sectors-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        Sectors hold industries; every issuer belongs to an industry. Pick an industry to move its issuers.
      </Text>
      {sectors.isError && <Alert color="red">{apiErrorText(sectors.error)}</Alert>}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder padding="xs">
            <AddSector sectors={all} />
            <Table fz="sm" mt="sm" data-testid="sector-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th ta="right">Issuers</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ordered.map((s) => (
                  // The version in the key starts a fresh row (no rename open) once a change is stored.
                  <SectorRow
                    key={`${s.id}-${s.version}`}
                    s={s}
                    sectors={all}
                    selected={s.id === selected}
                    onSelect={() => setSelected(s.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {industry && <IndustryIssuers key={industry.id} industry={industry} sectors={all} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
