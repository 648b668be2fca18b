import { ISSUER_PATHS, type IssuerSearchResponse } from '@common/api/issuer';
import { MARKET_PATHS, type MarketSectorsResponse } from '@common/api/market';
import { useApiQuery } from '../../api/queries';
import { useUrlChoices, type UrlChoiceChanges } from '../../routing/urlChoices';
import { useFeature } from '../../features/useFeature';
import { MEASURES, type Measure } from './sectorStats';

/**
 * The page's drill-down, held in the URL (?measure=yield&sector=FINL&industry=BANK&issuer=12), and
 * the answers it asks for: the sectors, and the issuers of the chosen sector or industry.
 */
export function useSectorOverview() {
  const { params, setChoices } = useUrlChoices();
  const measure = (MEASURES.some((m) => m.value === params.get('measure')) ? params.get('measure') : 'spread') as Measure;
  const sectorCode = params.get('sector');
  const industryCode = params.get('industry');
  const issuerId = params.get('issuer');
  /** A drill step adds a history entry, so the back button walks back up the drill-down. */
  const drill = (changes: UrlChoiceChanges) => setChoices(changes, 'push');
  /** A view choice (the measure) replaces the entry. */
  const choose = (changes: UrlChoiceChanges) => setChoices(changes);

  const sectors = useApiQuery<MarketSectorsResponse>(MARKET_PATHS.marketSectors, { meta: { errorToast: 'Loading sectors failed:' } });
  const sector = sectors.data?.sectors.find((s) => s.code === sectorCode) ?? null;
  const industry = sector?.industries.find((i) => i.code === industryCode) ?? null;
  /** The chosen industry, else the chosen sector: what the issuer list and bond link cover. */
  const scope = industry ?? sector;
  const issuers = useApiQuery<IssuerSearchResponse>(scope ? ISSUER_PATHS.issuers : null, {
    query: { sector: scope?.code, limit: 100 },
    meta: { errorToast: 'Loading issuers failed:' },
  });
  const issuer = issuers.data?.issuers.find((i) => String(i.id) === issuerId) ?? null;
  const hawk = useFeature('market_hawk_basic');

  return {
    measure,
    sectorCode,
    drill,
    choose,
    sectors,
    list: sectors.data?.sectors ?? [],
    weighting: sectors.data?.weighting,
    sector,
    industry,
    scope,
    issuers,
    issuer,
    hawk,
  };
}

export type SectorOverviewState = ReturnType<typeof useSectorOverview>;
