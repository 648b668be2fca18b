/**
 * The calculator's working area, shared by the calculator page and an opened pricing sheet: pick
 * an issuer — or a sector and rating for a hypothetical one — and tranches by tenor and size; the
 * server reads benchmark, fair value, the concession model and typical tightening
 * (POST /v2/primary/calculator); every override recomputes at once in the browser with the same
 * pricing function (calculatorLevels.ts). The model's method and fit are shown under the tranches.
 * The worksheet itself is the caller's state, so a pricing sheet can save it as it changes.
 * `readOnly` (a sheet shared to view) disables every control that changes the worksheet; the
 * answers, the workbook and the model stay.
 */
import { Alert, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type CalculatorResponse, MAX_CALCULATOR_TRANCHES, type NewDealResponse } from '@common/api/newIssueCalculator';
import { PRIMARY_PATHS } from '@common/api/primary';
import { SECTORS, SP_RATINGS } from '@common/market';
import { api } from '../../api/client';
import { useFeature } from '../../features/useFeature';
import { saveBlob } from '../../components/download';
import { apiErrorText } from '../../api/errorText';
import { apiKey } from '../../api/queries';
import { IssuerPicker } from '../../components/IssuerPicker';
import { trancheLevels } from './calculatorLevels';
import { TrancheCard } from './TrancheCard';
import { type Worksheet, type WorksheetMode, withOverrides, worksheetRequest } from './worksheet';
import { trackEvent } from '../../usage';

function ModelCard({ model }: { model: CalculatorResponse['model'] }) {
  const fit = [
    ...model.coefficients.map((c) => `${c.name} ${c.value}`),
    ...(model.r2 === null ? [] : [`R² ${model.r2}`]),
    ...(model.method === 'no history'
      ? ['no priced deals to learn from: conventional 5 bp IG, 15 bp HY']
      : [`residual ${model.residualBp} bp`]),
    `recent cover ${model.recentCover === null ? '—' : `${model.recentCover}×`}`,
    `10y Treasury volatility ${model.marketVolBp === null ? '—' : `${model.marketVolBp} bp/day`}`,
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

interface Props {
  worksheet: Worksheet;
  onChange: (next: Worksheet) => void;
  /** The downloaded workbook's name, before the pricing day. */
  fileStem: string;
  /** More buttons beside the calculator's own, given the latest answer. */
  actions?: (answer: CalculatorResponse | undefined) => ReactNode;
  /** Nothing in the worksheet can be changed (a pricing sheet shared to view). */
  readOnly?: boolean;
}

/**
 * A disabled fieldset disables every native control inside it (inputs, radios, buttons), the
 * issuer picker's and the tranche cards' included, without a prop on each; `display: contents`
 * keeps it out of the layout.
 */
function Editable({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} style={{ display: 'contents' }} data-testid={readOnly ? 'worksheet-read-only' : undefined}>
      {children}
    </fieldset>
  );
}

export function CalculatorWorkspace({ worksheet, onChange, fileStem, actions, readOnly = false }: Props) {
  const { mode, issuerId, sector, rating, tranches, overrides } = worksheet;
  const set = (patch: Partial<Worksheet>) => onChange({ ...worksheet, ...patch });

  const request = useMemo(() => worksheetRequest(worksheet), [worksheet]);
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
  /** Announces the calculation (with this page's overrides) as a deal and opens its page. */
  const announce = async () => {
    if (!request || mode !== 'issuer') return;
    setAnnouncing(true);
    setActionError(null);
    try {
      const created = await api.post<NewDealResponse>(PRIMARY_PATHS.calculatorDeal, { calculation: withOverrides(request, overrides) });
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
    trackEvent('calculator.export', { tranches: request.tranches.length });
    setExporting(true);
    setActionError(null);
    try {
      const blob = await api.post<Blob>(PRIMARY_PATHS.calculatorXlsx, withOverrides(request, overrides), { responseType: 'blob' });
      saveBlob(blob, `${fileStem}-${data?.pricingDay ?? 'today'}.xlsx`);
    } catch (err) {
      setActionError(apiErrorText(err));
    } finally {
      setExporting(false);
    }
  };

  const setTranche = (k: number, next: Worksheet['tranches'][number]) => set({ tranches: tranches.map((t, i) => (i === k ? next : t)) });
  const removeTranche = (k: number) =>
    set({ tranches: tranches.filter((_, i) => i !== k), overrides: overrides.filter((_, i) => i !== k) });
  const addTranche = () => set({ tranches: [...tranches, { tenorYears: 5, sizeMm: 500 }], overrides: [...overrides, {}] });

  return (
    <Stack gap="sm">
      <Group align="end">
        <Editable readOnly={readOnly}>
          <SegmentedControl
            value={mode}
            onChange={(v) => set({ mode: v as WorksheetMode })}
            data={[
              { value: 'issuer', label: 'Issuer' },
              { value: 'hypothetical', label: 'Sector and rating' },
            ]}
          />
          {mode === 'issuer' ? (
            <IssuerPicker
              value={issuerId}
              onChange={(v) => set({ issuerId: v })}
              known={data?.issuer ? { id: data.issuer.id, ticker: data.issuer.ticker, name: data.issuer.displayName } : null}
            />
          ) : (
            <>
              <Select
                label="Sector"
                value={sector}
                onChange={(v) => set({ sector: v })}
                data={SECTORS.map((s) => ({ value: s.code, label: s.name }))}
                w={240}
              />
              <Select label="Rating (S&P)" value={rating} onChange={(v) => set({ rating: v })} data={[...SP_RATINGS]} w={120} />
            </>
          )}
          <Button variant="light" onClick={addTranche} disabled={tranches.length >= MAX_CALCULATOR_TRANCHES}>
            Add tranche
          </Button>
        </Editable>
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
        {actions?.(data)}
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
          {data.issuer ? `${data.issuer.ticker} ${data.issuer.displayName}` : 'Hypothetical issuer'} · {data.sector} ·{' '}
          {data.rating ?? 'unrated'} ({data.ratingClass}) · spreads on the {data.curveDay} close · priced {data.pricingDay}
        </Text>
      )}
      <Editable readOnly={readOnly}>
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
                onOverrides={(next) => set({ overrides: overrides.map((o, i) => (i === k ? next : o)) })}
                result={sameInput && base ? trancheLevels(base, own) : undefined}
              />
            );
          })}
        </SimpleGrid>
      </Editable>
      {data && <ModelCard model={data.model} />}
    </Stack>
  );
}
