import { Badge, Button, Group, Text } from '@mantine/core';
import type { HawkSubscription } from '@common/api/hawk';
import { ShareButton } from '../../components/share/ShareButton';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';

/** An alert as its row shows it, with what the row's buttons do. */
export interface SubscriptionRow {
  sub: HawkSubscription;
  status: { label: string; color: string };
  pausing: boolean;
  edit: () => void;
  pause: () => void;
  remove: () => void;
}

function AlertCell({ row: { sub } }: CellProps<SubscriptionRow>) {
  return (
    <>
      {sub.name && (
        <Text size="sm" fw={500}>
          {sub.name}
        </Text>
      )}
      <Text size="sm">{sub.summary}</Text>
    </>
  );
}

function StatusCell({ row }: CellProps<SubscriptionRow>) {
  return (
    <Badge color={row.status.color} data-testid="hawk-status">
      {row.status.label}
    </Badge>
  );
}

function ActionsCell({ row }: CellProps<SubscriptionRow>) {
  const s = row.sub;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="compact-xs" variant="default" onClick={row.edit} data-testid="hawk-edit">
        Edit
      </Button>
      <Button size="compact-xs" variant="default" loading={row.pausing} onClick={row.pause} data-testid="hawk-pause">
        {s.paused ? 'Resume' : 'Pause'}
      </Button>
      {s.shared ? (
        <Text size="xs" c="dimmed">
          Shared by {s.shared.owner.name ?? s.shared.owner.email}
        </Text>
      ) : (
        <>
          <ShareButton kind="hawk_subscription" itemId={String(s.id)} itemName={s.name ?? s.summary} />
          <Button size="compact-xs" variant="subtle" color="red" onClick={row.remove} data-testid="hawk-delete">
            Delete
          </Button>
        </>
      )}
    </Group>
  );
}

const COLUMNS: Column<SubscriptionRow>[] = [
  { header: 'Alert', id: 'alert', cell: AlertCell },
  {
    header: 'Channels',
    id: 'channels',
    value: (r) => r.sub.channels.join(', ').replace('in_app', 'in app').replace('email', 'e-mail'),
  },
  { header: 'Status', id: 'status', cell: StatusCell },
  { header: 'Last fired', id: 'lastFired', value: (r) => r.sub.lastFiredAt, kind: 'date' },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];

/** The user's alerts, one row each, with edit, pause/resume, share and delete (shared alerts: their owner instead). */
export function SubscriptionsTable({ rows }: { rows: SubscriptionRow[] }) {
  return (
    <SimpleTable
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => String(r.sub.id)}
      rowTestId={(r) => `hawk-row-${r.sub.id}`}
      striped
      highlightOnHover
      testId="hawk-subscriptions"
    />
  );
}
