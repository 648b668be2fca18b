/**
 * An issuer's reference fields, edited and saved with the version the admin read: only the
 * changed fields are sent. The browser checks them against the update's contract first, so a
 * value the server would refuse is refused under its field in the server's sentence; a 409 (someone
 * changed the issuer since) is shown with a reload.
 */
import { Alert, Button, Grid, Group, Select, TextInput } from '@mantine/core';
import type { AdminIssuerDetail } from '@common/api/adminIssuers';
import type { AdminSector } from '@common/api/adminSectors';
import { IssuerPicker } from '../../../components/IssuerPicker';
import { sectorOptions } from './sectorOptions';
import { useIssuerEdit } from './useAdminIssuer';

interface Props {
  issuer: AdminIssuerDetail;
  sectors: AdminSector[];
  onSaved: (issuer: AdminIssuerDetail) => void;
  onReload: () => Promise<unknown>;
}

export function IssuerEditForm({ issuer, sectors, onSaved, onReload }: Props) {
  const { form, formError: error, stale, dirty, busy, submit } = useIssuerEdit(issuer, onSaved);
  return (
    <form onSubmit={submit} noValidate data-testid="issuer-form">
      <Grid gap="xs">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput size="xs" label="Name" {...form.getInputProps('name')} data-testid="issuer-name" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput
            size="xs"
            label="Display name"
            description={issuer.displayNameOverride ? `Tables show the override “${issuer.displayNameOverride}”` : undefined}
            {...form.getInputProps('displayName')}
            data-testid="issuer-display-name"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput size="xs" label="Ticker" {...form.getInputProps('ticker')} data-testid="issuer-ticker" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput size="xs" label="Country of risk" {...form.getInputProps('countryOfRisk')} maxLength={3} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TextInput size="xs" label="SEC CIK" {...form.getInputProps('secCik')} placeholder="none" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Select
            size="xs"
            label="Industry"
            searchable
            data={sectorOptions(sectors)}
            {...form.getInputProps('sectorId')}
            data-testid="issuer-industry"
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group align="end" gap="xs">
            <IssuerPicker
              label="Parent issuer"
              value={form.values.parentIssuerId}
              onChange={(id) => form.setFieldValue('parentIssuerId', id)}
              error={form.errors.parentIssuerId}
              known={issuer.parent ? { id: issuer.parent.id, ticker: issuer.parent.ticker, name: issuer.parent.displayName } : null}
              w={360}
            />
            {form.values.parentIssuerId !== null && (
              <Button size="xs" variant="subtle" onClick={() => form.setFieldValue('parentIssuerId', null)}>
                No parent
              </Button>
            )}
          </Group>
        </Grid.Col>
      </Grid>
      {error && (
        <Alert color="red" mt="xs" data-testid="issuer-error">
          {error}
          {stale && (
            <Button size="compact-xs" variant="light" ml="sm" onClick={() => void onReload()}>
              Reload
            </Button>
          )}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" size="xs" disabled={!dirty} loading={busy} data-testid="issuer-save">
          Save
        </Button>
      </Group>
    </form>
  );
}
