/**
 * The bond filters' issuer filter (`issuerId`, set by links such as the sector overview's "Bonds
 * of TICKER"): one removable pill per issuer, named by ticker and name from GET /v2/issuer/{id}.
 * The filter applies at once from the URL; the names only label it, so they load alongside the
 * bond list instead of before it, and a failed or unknown issuer still shows (by id) and can be removed.
 */
import { Group, Pill, Text, Tooltip } from '@mantine/core';
import { ISSUER_PATHS, type IssuerDetailResponse } from '@common/api/issuer';
import { useApiQueries } from '../../api/queries';

/** Pill text: "TICKER · Display name", or the id while loading / when the issuer is unknown. */
export function issuerPillLabel(
  id: number,
  issuer: Pick<IssuerDetailResponse, 'ticker' | 'displayName'> | undefined,
  failed: boolean,
): string {
  if (issuer) return `${issuer.ticker} · ${issuer.displayName}`;
  return failed ? `Issuer ${id} (unknown)` : `Issuer ${id}`;
}

export function IssuerFilterPills({ ids, onChange }: { ids: readonly number[]; onChange: (ids: number[]) => void }) {
  // One GET per issuer filtered on, each cached on its own.
  const issuers = useApiQueries<IssuerDetailResponse>(
    ids.map((id) => ISSUER_PATHS.issuer({ id })),
    { staleTime: 10 * 60_000, retry: false },
  );
  if (ids.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="filter-issuers">
      <Text size="xs" c="dimmed">
        Issuer
      </Text>
      {ids.map((id, i) => {
        const q = issuers[i];
        const label = issuerPillLabel(id, q?.data, q?.isError ?? false);
        return (
          <Tooltip key={id} label={q?.data?.name ?? label} openDelay={400} withinPortal>
            <Pill
              size="sm"
              withRemoveButton
              data-testid="filter-issuer"
              data-issuer-id={id}
              data-ticker={q?.data?.ticker}
              // Mantine hides a pill's remove button from keyboards and screen readers (made for
              // inputs that remove with Backspace); here it is the only way to drop the filter.
              removeButtonProps={{ 'aria-label': `Remove issuer filter ${q?.data?.ticker ?? id}`, 'aria-hidden': false, tabIndex: 0 }}
              onRemove={() => onChange(ids.filter((other) => other !== id))}
            >
              {label}
            </Pill>
          </Tooltip>
        );
      })}
    </Group>
  );
}
