/**
 * An issuer's reference fields, edited and saved with the version the admin read: only the
 * changed fields are sent; the server validates each (the refusal names the field) and answers
 * 409 when someone changed the issuer since, which is shown with a reload.
 */
import { Alert, Button, Grid, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_ISSUER_PATHS, type AdminIssuerDetail, type AdminIssuerUpdate } from '@common/api/adminIssuers';
import type { AdminSector } from '@common/api/adminSectors';
import { ApiError, api } from '../../../api/client';
import { useApiMutation } from '../../../api/queries';
import { IssuerPicker } from '../../../components/IssuerPicker';
import { sectorOptions } from './sectorOptions';

interface Props {
  issuer: AdminIssuerDetail;
  sectors: AdminSector[];
  onSaved: (issuer: AdminIssuerDetail) => void;
  onReload: () => Promise<unknown>;
}

export function IssuerEditForm({ issuer, sectors, onSaved, onReload }: Props) {
  const [name, setName] = useState(issuer.name);
  const [displayName, setDisplayName] = useState(issuer.displayName);
  const [ticker, setTicker] = useState(issuer.ticker);
  const [country, setCountry] = useState(issuer.countryOfRisk);
  const [cik, setCik] = useState(issuer.secCik ?? '');
  const [industry, setIndustry] = useState<string | null>(String(issuer.industry.id));
  const [parent, setParent] = useState<string | null>(issuer.parent ? String(issuer.parent.id) : null);
  /** Whether the last save was refused because someone changed the issuer since (409): a reload is offered. */
  const [stale, setStale] = useState(false);
  const save = useApiMutation(
    (update: AdminIssuerUpdate) =>
      api.put<AdminIssuerDetail>(ADMIN_ISSUER_PATHS.issuer({ issuerId: issuer.id }), update).catch((err: unknown) => {
        setStale(err instanceof ApiError && err.status === 409);
        throw err;
      }),
    { onDone: onSaved },
  );
  const { error } = save;

  const changes: Omit<AdminIssuerUpdate, 'version'> = {};
  if (name.trim() !== issuer.name) changes.name = name;
  if (displayName.trim() !== issuer.displayName) changes.displayName = displayName;
  if (ticker.trim().toUpperCase() !== issuer.ticker) changes.ticker = ticker;
  if (country.trim().toUpperCase() !== issuer.countryOfRisk) changes.countryOfRisk = country;
  if (cik.trim() !== (issuer.secCik ?? '')) changes.secCik = cik.trim() === '' ? null : cik;
  if (industry !== null && Number(industry) !== issuer.industry.id) changes.sectorId = Number(industry);
  const parentId = parent === null ? null : Number(parent);
  if (parentId !== (issuer.parent?.id ?? null)) changes.parentIssuerId = parentId;
  const dirty = Object.keys(changes).length > 0;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save.run({ version: issuer.version, ...changes });
      }}
      data-testid="issuer-form"
    >
      <Grid gap="xs">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput size="xs" label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="issuer-name" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput
            size="xs"
            label="Display name"
            description={issuer.displayNameOverride ? `Tables show the override “${issuer.displayNameOverride}”` : undefined}
            value={displayName}
            onChange={(e) => setDisplayName(e.currentTarget.value)}
            data-testid="issuer-display-name"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            size="xs"
            label="Ticker"
            value={ticker}
            onChange={(e) => setTicker(e.currentTarget.value)}
            data-testid="issuer-ticker"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput size="xs" label="Country of risk" value={country} onChange={(e) => setCountry(e.currentTarget.value)} maxLength={3} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TextInput size="xs" label="SEC CIK" value={cik} onChange={(e) => setCik(e.currentTarget.value)} placeholder="none" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Select
            size="xs"
            label="Industry"
            searchable
            data={sectorOptions(sectors)}
            value={industry}
            onChange={setIndustry}
            data-testid="issuer-industry"
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group align="end" gap="xs">
            <IssuerPicker
              label="Parent issuer"
              value={parent}
              onChange={setParent}
              known={issuer.parent ? { id: issuer.parent.id, ticker: issuer.parent.ticker, name: issuer.parent.displayName } : null}
              w={360}
            />
            {parent !== null && (
              <Button size="xs" variant="subtle" onClick={() => setParent(null)}>
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
        <Button type="submit" size="xs" disabled={!dirty} loading={save.busy} data-testid="issuer-save">
          Save
        </Button>
      </Group>
    </form>
  );
}
