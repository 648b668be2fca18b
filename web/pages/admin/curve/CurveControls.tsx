import { Button, FileButton, Group, TextInput } from '@mantine/core';
import { type AdminCurveState } from './useAdminCurve';

/** Which day's curve is shown, and importing a Treasury curve file. */
export function CurveControls({ state }: { state: AdminCurveState }) {
  const { asked, setAsked, busy, importFile } = state;
  const c = state.curve.data;
  return (
    <Group align="end">
      <TextInput
        size="xs"
        type="date"
        label="Curve on"
        value={asked ?? c?.date ?? ''}
        onChange={(e) => setAsked(e.currentTarget.value || undefined)}
        data-testid="curve-date"
      />
      <Button size="xs" variant="default" disabled={!c?.previousDate} onClick={() => setAsked(c?.previousDate ?? undefined)}>
        Previous day
      </Button>
      <Button size="xs" variant="default" disabled={!c?.nextDate} onClick={() => setAsked(c?.nextDate ?? undefined)}>
        Next day
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsked(undefined)}>
        Latest
      </Button>
      <FileButton onChange={(f) => void importFile(f)} accept=".csv,text/csv">
        {(props) => (
          <Button {...props} size="xs" loading={busy} data-testid="curve-import">
            Import a Treasury curve file…
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
