/**
 * /bw/admin/sectors: the two-level taxonomy (sectors holding industries; issuers belong to
 * industries). Add a sector or an industry, rename, move an industry under another sector,
 * delete an empty one (the server refuses while issuers or industries remain), and move issuers
 * between industries. Each change names the version read and is audited. docs/admin.md.
 * The data and edits live in useAdminSectors.ts; the rows and panels in their own files.
 */
import { Alert, Box, Card, Grid, Stack, Text } from '@mantine/core';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable } from '../../../components/SimpleTable';
import { AddSector } from './AddSector';
import { IndustryIssuers } from './IndustryIssuers';
import { SECTOR_COLUMNS, SectorRowScope } from './SectorRow';
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
            <Box mt="sm">
              <SimpleTable
                rows={ordered.map((s) => ({ s, sectors: all, selected: s.id === selected, onSelect: () => setSelected(s.id) }))}
                columns={SECTOR_COLUMNS}
                // The version in the key starts a fresh row (no rename open) once a change is stored.
                rowKey={(r) => `${r.s.id}-${r.s.version}`}
                rowScope={SectorRowScope}
                rowSelected={(r) => r.selected}
                rowClassName={(r) => (r.selected ? 'bw-row-selected' : undefined)}
                rowTestId="sector-row"
                rowData={(r) => ({ code: r.s.code })}
                fz="sm"
                testId="sector-table"
              />
            </Box>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {industry && <IndustryIssuers key={industry.id} industry={industry} sectors={all} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
