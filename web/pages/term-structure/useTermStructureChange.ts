import { useMemo } from 'react';
import { MARKET_PATHS, type MarketSectorsResponse, type TermStructureChangeResponse } from '@common/api/market';
import { formatDay } from '@common/format';
import { useApiQuery } from '../../api/queries';
import { useUrlChoices } from '../../routing/urlChoices';
import type { Metric } from './termStructureView';

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The page's choices, held in the URL (?sector=FINL or ?issuer=12, &metric=yield, &from, &to), and
 * the answers they ask for: the sector list and the term-structure change of the chosen scope.
 */
export function useTermStructureChange() {
  const { params, setChoices: set } = useUrlChoices();
  const metric: Metric = params.get('metric') === 'yield' ? 'yield' : 'spread';
  const issuerId = /^\d+$/.test(params.get('issuer') ?? '') ? Number(params.get('issuer')) : null;
  /** Issuer scope chosen, whether or not an issuer is picked yet. */
  const issuerScope = issuerId !== null || params.get('issuer') !== null;
  const sectors = useApiQuery<MarketSectorsResponse>(MARKET_PATHS.marketSectors, { meta: { errorToast: 'Loading sectors failed:' } });
  // Nothing chosen: the sector with the most bonds, so the page opens on a curve.
  const defaultSector = useMemo(
    () => [...(sectors.data?.sectors ?? [])].sort((a, b) => b.bondCount - a.bondCount)[0]?.code ?? null,
    [sectors.data],
  );
  const sector = issuerId ? null : (params.get('sector') ?? defaultSector);
  const from = isDay(params.get('from')) ? params.get('from')! : undefined;
  const to = isDay(params.get('to')) ? params.get('to')! : undefined;

  const tsc = useApiQuery<TermStructureChangeResponse>(issuerId || sector ? MARKET_PATHS.termStructureChange : null, {
    query: { metric, issuerId: issuerId ?? undefined, sector: issuerId ? undefined : (sector ?? undefined), from, to },
    meta: { errorToast: 'Loading the term structure failed:' },
    placeholderData: (prev) => prev,
  });
  const data = tsc.data;
  return {
    metric,
    issuerId,
    issuerScope,
    sector,
    defaultSector,
    sectors,
    from,
    to,
    set,
    tsc,
    data,
    fromLabel: data?.fromDate ? formatDay(data.fromDate) : 'from',
    toLabel: data?.toDate ? formatDay(data.toDate) : 'to',
    hasData: !!data && data.buckets.some((b) => b.from !== null || b.to !== null),
  };
}

export type TermStructureChangeState = ReturnType<typeof useTermStructureChange>;
