/**
 * /bw/primary/pricing: the new-issue calculator (POST /v2/primary/calculator, feature
 * new_issue_calculator). Pick an issuer — or a sector and rating for a hypothetical one — and
 * tranches by tenor and size; the server reads benchmark, fair value, the concession model and
 * typical tightening; every override recomputes at once in the browser with the same pricing
 * function (calculatorLevels.ts). The model's method and fit are shown under the tranches.
 */
import { Alert, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ISSUER_PATHS, type IssuerSearchResponse } from '@common/api/issuer';
import {
  type CalculatorRequest,
  type CalculatorResponse,
  MAX_CALCULATOR_TRANCHES,
  type NewDealResponse,
} from '@common/api/newIssueCalculator';
import { PRIMARY_PATHS } from '@common/api/primary';
import { SECTORS, SP_RATINGS } from '@common/market';
import { api } from '../../api/client';
import { useFeature } from '../../features/useFeature';
import { saveBlob } from '../bond/BondToolbar';
import { apiErrorText } from '../../api/errorText';
import { apiKey, useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { type TrancheOverrides, trancheLevels } from './calculatorLevels';
import { TrancheCard, type TrancheInput } from './TrancheCard';

type Mode = 'issuer' | 'hypothetical';

function ModelCard({ model }: { model: CalculatorResponse['model'] }) {
  const fit = [
    ...model.coefficients.map((c) => `${c.name} ${c.value}`),
    ...(model.r2 === null ? [] : [`R² ${model.r2}`]),
    ...(model.method === 'no history'
      ? ['no priced deals to learn from: conventional 5 bp IG, 15 bp HY']
      : [`residual ${model.residualBp} bp`]),
    `recent cover ${model.recentCover === null ? '—' : `${model.recentCover}×`}`,
    `typical tightening IG ${model.typicalTighteningBp.IG} bp, HY ${model.typicalTighteningBp.HY} bp`,
  ];
  return (
    <Card withBorder padding="sm" data-testid="concession-model">
      <Text fw={700} size="sm">
        Concession model: {model.method}, {model.observations} priced tranches {model.from} to {model.to}
      </Text>
      <Text size="xs" c="dimmed">
        {fit.join(' · ')}
      </Text>
    </Card>
  );
}

export default function CalculatorPage() {
  const [mode, setMode] = useState<Mode>('issuer');
  const [search, setSearch] = useState('');
  const [issuerId, setIssuerId] = useState<string | null>(null);
  const [sector, setSector] = useState<string | null>('FINL');
  const [rating, setRating] = useState<string | null>('A');
  const [tranches, setTranches] = useState<TrancheInput[]>([{ tenorYears: 10, sizeMm: 1000 }]);
  const [overrides, setOverrides] = useState<TrancheOverrides[]>([{}]);
  const [q] = useDebouncedValue(search.trim(), 250);
  const issuers = useApiQuery<IssuerSearchResponse>(q.length >= 1 ? ISSUER_PATHS.issuers : null, { query: { q, limit: 20 } });

  const request = useMemo((): CalculatorRequest | null => {
    const valid = tranches.every((t) => t.tenorYears >= 1 && t.tenorYears <= 50 && t.sizeMm > 0);
    if (!valid) return null;
    if (mode === 'issuer') return issuerId ? { issuerId: Number(issuerId), tranches } : null;
    return sector && rating
      ? { sector: sector as CalculatorRequest['sector'], rating: rating as CalculatorRequest['rating'], tranches }
      : null;
  }, [mode, issuerId, sector, rating, tranches]);
  const [body] = useDebouncedValue(request, 300);
  const answer = useQuery<CalculatorResponse>({
    queryKey: apiKey(PRIMARY_PATHS.calculator, { body: JSON.stringify(body) }),
    queryFn: ({ signal }) => api.post<CalculatorResponse>(PRIMARY_PATHS.calculator, body, { signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = answer.data;
  /** Why the last download or announcement failed. */
  const [actionError, setActionError] = useState<string | null>(null);
  const canExport = useFeature('new-issue-calculator-download-xlsx');
  const canAnnounce = useFeature('new-issue-calculator-new-deal');
  const navigate = useNavigate();
  const [announcing, setAnnouncing] = useState(false);
  /** The request as on screen: each tranche with this page's overrides. */
  const onScreen = (r: CalculatorRequest) => ({ ...r, tranches: r.tranches.map((t, k) => ({ ...t, ...overrides[k] })) });
  /** Announces the calculation (with this page's overrides) as a deal and opens its page. */
  const announce = async () => {
    if (!request || mode !== 'issuer') return;
    setAnnouncing(true);
    setActionError(null);
    try {
      const created = await api.post<NewDealResponse>(PRIMARY_PATHS.calculatorDeal, { calculation: onScreen(request) });
      void navigate(`/bw/primary/pricing/${created.id}`);
    } catch (err) {
      setActionError(apiErrorText(err));
    } finally {
      setAnnouncing(false);
    }
  };
  const [exporting, setExporting] = useState(false);
  /** The workbook of what is on screen: the request with this page's overrides (the server decides the feature). */
  const exportXlsx = async () => {
    if (!request) return;
    setExporting(true);
    setActionError(null);
    try {
      const blob = await api.post<Blob>(PRIMARY_PATHS.calculatorXlsx, onScreen(request), { responseType: 'blob' });
      saveBlob(blob, `new-issue-calculator-${data?.pricingDay ?? 'today'}.xlsx`);
    } catch (err) {
      setActionError(apiErrorText(err));
    } finally {
      setExporting(false);
    }
  };

  const setTranche = (k: number, next: TrancheInput) => setTranches(tranches.map((t, i) => (i === k ? next : t)));
  const removeTranche = (k: number) => {
    setTranches(tranches.filter((_, i) => i !== k));
    setOverrides(overrides.filter((_, i) => i !== k));
  };
  const addTranche = () => {
    setTranches([...tranches, { tenorYears: 5, sizeMm: 500 }]);
    setOverrides([...overrides, {}]);
  };

  return (
    <Stack gap="sm" data-testid="calculator-page">
      <PageTitle title="New-issue calculator" />
      <Group align="end">
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={[
            { value: 'issuer', label: 'Issuer' },
            { value: 'hypothetical', label: 'Sector and rating' },
          ]}
        />
        {mode === 'issuer' ? (
          <Select
            label="Issuer"
            placeholder="Ticker or name"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            value={issuerId}
            onChange={setIssuerId}
            nothingFoundMessage={q ? 'No issuer' : undefined}
            data={(issuers.data?.issuers ?? []).map((i) => ({ value: String(i.id), label: `${i.ticker} — ${i.displayName}` }))}
            w={320}
          />
        ) : (
          <>
            <Select
              label="Sector"
              value={sector}
              onChange={setSector}
              data={SECTORS.map((s) => ({ value: s.code, label: s.name }))}
              w={240}
            />
            <Select label="Rating (S&P)" value={rating} onChange={setRating} data={[...SP_RATINGS]} w={120} />
          </>
        )}
        <Button variant="light" onClick={addTranche} disabled={tranches.length >= MAX_CALCULATOR_TRANCHES}>
          Add tranche
        </Button>
        {canExport && (
          <Button variant="default" onClick={() => void exportXlsx()} loading={exporting} disabled={!request} data-testid="calculator-xlsx">
            Download xlsx
          </Button>
        )}
        {canAnnounce && mode === 'issuer' && (
          <Button
            variant="default"
            onClick={() => void announce()}
            loading={announcing}
            disabled={!request}
            data-testid="calculator-new-deal"
          >
            Announce as a deal
          </Button>
        )}
      </Group>
      {actionError && (
        <Alert color="red" role="alert">
          {actionError}
        </Alert>
      )}
      {answer.error && (
        <Alert color="red" role="alert">
          {apiErrorText(answer.error)}
        </Alert>
      )}
      {data && (
        <Text size="sm" c="dimmed" data-testid="calculator-context">
          {data.issuer ? `${data.issuer.ticker} ${data.issuer.name}` : 'Hypothetical issuer'} · {data.sector} · {data.rating ?? 'unrated'} (
          {data.ratingClass}) · spreads on the {data.curveDay} close · priced {data.pricingDay}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {tranches.map((t, k) => {
          const base = data && data.tranches.length === tranches.length ? data.tranches[k] : undefined;
          const sameInput = base && base.tenorYears === t.tenorYears && base.sizeMm === t.sizeMm;
          const own = overrides[k] ?? {};
          return (
            <TrancheCard
              key={k}
              index={k}
              input={t}
              onInput={(next) => setTranche(k, next)}
              onRemove={tranches.length > 1 ? () => removeTranche(k) : null}
              base={sameInput ? base : undefined}
              overrides={own}
              onOverrides={(next) => setOverrides(overrides.map((o, i) => (i === k ? next : o)))}
              result={sameInput && base ? trancheLevels(base, own) : undefined}
            />
          );
        })}
      </SimpleGrid>
      {data && <ModelCard model={data.model} />}
    </Stack>
  );
}
