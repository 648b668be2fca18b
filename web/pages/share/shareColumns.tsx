/**
 * The two lists of /bw/share/manage as SimpleTable columns: each row is a share with what its
 * buttons do (leave or decline; revoke; change the permission), so the cells stay plain components.
 */
import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SHARE_KIND_LABELS, type Share, type SharePermission } from '@common/api/shares';
import type { CellProps, Column } from '../../components/SimpleTable';

export const live = (s: Share) => s.status === 'pending' || s.status === 'accepted';
const STATUS_COLOR: Record<Share['status'], string> = { pending: 'yellow', accepted: 'teal', revoked: 'gray', left: 'gray' };

export interface ShareRow {
  share: Share;
  /** The row's one action (leave, or revoke) is under way. */
  busy: boolean;
  /** Leave or decline (shared with me); revoke (shared by me). */
  act: () => void;
  setPermission?: (value: SharePermission) => void;
}

function ItemCell({ share, open }: { share: Share; open: boolean }) {
  return (
    <Stack gap={0}>
      {open && share.itemName ? (
        <Anchor component={Link} to={share.itemPath} size="sm" fw={600}>
          {share.itemName}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {share.itemName ?? '(deleted)'}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {SHARE_KIND_LABELS[share.kind]}
      </Text>
    </Stack>
  );
}

const permissionText = (s: Share) => (s.permission === 'edit' ? 'Can edit' : 'Can view');

function StatusCell({ row }: CellProps<ShareRow>) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLOR[row.share.status]}>
      {row.share.status}
    </Badge>
  );
}

function ReceivedItemCell({ row }: CellProps<ShareRow>) {
  return <ItemCell share={row.share} open={row.share.status === 'accepted'} />;
}

function LeaveCell({ row }: CellProps<ShareRow>) {
  const s = row.share;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {s.status === 'pending' && (
        <Button size="compact-xs" component={Link} to={s.acceptPath}>
          Review
        </Button>
      )}
      <Button size="compact-xs" variant="light" color="red" loading={row.busy} onClick={row.act} data-testid="share-leave">
        {s.status === 'pending' ? 'Decline' : 'Leave'}
      </Button>
    </Group>
  );
}

export const SHARED_WITH_ME: Column<ShareRow>[] = [
  { header: 'Item', id: 'item', cell: ReceivedItemCell },
  { header: 'Shared by', id: 'owner', value: (r) => r.share.owner.name ?? r.share.owner.email },
  { header: 'Permission', id: 'permission', value: (r) => permissionText(r.share) },
  { header: 'Status', id: 'status', cell: StatusCell },
  { header: '', id: 'actions', cell: LeaveCell, control: true },
];

function SentItemCell({ row }: CellProps<ShareRow>) {
  return <ItemCell share={row.share} open />;
}

function PermissionCell({ row }: CellProps<ShareRow>) {
  const s = row.share;
  if (!live(s) || !row.setPermission) return <>{permissionText(s)}</>;
  const set = row.setPermission;
  return (
    <Select
      size="xs"
      w={110}
      allowDeselect={false}
      value={s.permission}
      data={[
        { value: 'view', label: 'Can view' },
        { value: 'edit', label: 'Can edit' },
      ]}
      onChange={(v) => v && v !== s.permission && set(v as SharePermission)}
      aria-label={`Permission of ${s.recipient.email}`}
      data-testid="share-permission-select"
    />
  );
}

function SharedOnCell({ text }: CellProps<ShareRow>) {
  return <Text size="xs">{text}</Text>;
}

function RevokeCell({ row }: CellProps<ShareRow>) {
  if (!live(row.share)) return null;
  return (
    <Button size="compact-xs" variant="light" color="red" loading={row.busy} onClick={row.act} data-testid="share-revoke">
      Revoke
    </Button>
  );
}

export const SHARED_BY_ME: Column<ShareRow>[] = [
  { header: 'Item', id: 'item', cell: SentItemCell },
  {
    header: 'With',
    id: 'recipient',
    value: (r) => (r.share.recipient.name ? `${r.share.recipient.name} <${r.share.recipient.email}>` : r.share.recipient.email),
  },
  { header: 'Permission', id: 'permission', cell: PermissionCell },
  { header: 'Status', id: 'status', cell: StatusCell },
  { header: 'Shared', id: 'shared', value: (r) => r.share.createdAt, kind: 'date', cell: SharedOnCell },
  { header: '', id: 'actions', cell: RevokeCell, control: true },
];
