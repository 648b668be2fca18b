import { useMemo } from 'react';
import { PRIMARY_PATHS, VOLUME_SPLITS, type VolumeResponse, type VolumeSplit } from '@common/api/primary';
import { useApiQuery } from '../../api/queries';
import { saveText } from '../../components/download';
import { useUrlChoices } from '../../routing/urlChoices';
import { SPANS, volumeCsv, type VolumeRow } from './volumeView';

/**
 * The page's choices, held in the URL (?period=month&by=sector&periods=12; anything else falls back
 * to weekly, by class, twelve periods), the volume they ask for, and its table rows newest first.
 */
export function useNewIssueVolume() {
  const { params, setChoices } = useUrlChoices();
  const period = params.get('period') === 'month' ? 'month' : 'week';
  const by = (VOLUME_SPLITS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as VolumeSplit) : 'class';
  const periods = SPANS.includes(params.get('periods') ?? '') ? params.get('periods')! : '12';
  const volume = useApiQuery<VolumeResponse>(PRIMARY_PATHS.volume, { query: { period, by, periods } });
  const set = (key: string, value: string) => setChoices({ [key]: value });
  const data = volume.data;
  const rows = useMemo(() => (data ? ([...data.periods].reverse() as VolumeRow[]) : undefined), [data]);
  return {
    period,
    by,
    periods,
    volume,
    data,
    rows,
    set,
    downloadCsv: () => {
      if (data) saveText(volumeCsv(data), `new-issue-volume-${period}-${by}.csv`, 'text/csv');
    },
  };
}

export type NewIssueVolumeState = ReturnType<typeof useNewIssueVolume>;
