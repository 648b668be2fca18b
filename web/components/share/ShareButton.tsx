/**
 * "Share" on an item the caller owns: a dialog naming colleagues (suggested from the caller's
 * organisation, any address on its domains accepted by the server) with view or edit permission.
 * Hidden without the sharing_collaboration feature; the server decides who may be named.
 * The dialog also serves pages with their own Share button (the blog post page), showing the
 * item's link beside the colleagues.
 */
import { Button, Group, Modal, SegmentedControl, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  SHARE_KIND_LABELS,
  SHARE_MESSAGE_MAX,
  SHARE_PATHS,
  SHARE_RECIPIENTS_MAX,
  type Colleagues,
  type ShareKind,
  type SharePermission,
} from '@common/api/shares';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { useFeature } from '../../features/useFeature';
import { shareApi } from './shareApi';

export function ShareDialog({
  kind,
  itemId,
  itemName,
  link,
  onClose,
}: {
  kind: ShareKind;
  itemId: string;
  itemName: string;
  /** The item's link, shown to copy (already copied by the button that opened the dialog). */
  link?: string;
  onClose: () => void;
}) {
  const colleagues = useApiQuery<Colleagues>(SHARE_PATHS.colleagues, { staleTime: 60_000 });
  const [recipients, setRecipients] = useState<string[]>([]);
  const [permission, setPermission] = useState<SharePermission>('view');
  const [message, setMessage] = useState('');
  const send = useApiMutation(() => shareApi.create({ kind, itemId, recipients, permission, ...(message.trim() ? { message } : {}) }), {
    invalidates: [SHARE_PATHS.shares],
    onDone: ({ shares }) => {
      notifications.show({ message: `Shared “${itemName}” with ${shares.map((s) => s.recipient.email).join(', ')}` });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Share ${SHARE_KIND_LABELS[kind]} “${itemName}”`} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send.run();
        }}
      >
        <Stack gap="sm" data-testid="share-item-dialog">
          {link && (
            <TextInput
              label="Link"
              description="Copied: anyone with access to Bondwise can open it"
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-link"
            />
          )}
          <TagsInput
            label="Colleagues"
            description="People of your organisation, by e-mail address"
            placeholder="name@yourfirm.com, then Enter"
            data={(colleagues.data?.colleagues ?? []).map((c) => ({ value: c.email, label: c.name ? `${c.name} <${c.email}>` : c.email }))}
            value={recipients}
            onChange={(v) => setRecipients(v.map((s) => s.trim().toLowerCase()).filter(Boolean))}
            maxTags={SHARE_RECIPIENTS_MAX}
            splitChars={[',', ' ', ';']}
            acceptValueOnBlur
            data-testid="share-recipients"
          />
          <SegmentedControl
            value={permission}
            onChange={(v) => setPermission(v as SharePermission)}
            data={[
              { value: 'view', label: 'Can view' },
              { value: 'edit', label: 'Can edit' },
            ]}
            data-testid="share-permission"
          />
          <Textarea
            label="Message (optional)"
            value={message}
            maxLength={SHARE_MESSAGE_MAX}
            onChange={(e) => setMessage(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          {send.error && (
            <Text size="sm" c="red" data-testid="share-error">
              {send.error}
            </Text>
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Each person gets a notification and an e-mail with a link to accept. <Link to="/bw/share/manage">Manage shares</Link>
            </Text>
            <Button type="submit" size="xs" loading={send.busy} disabled={recipients.length === 0} data-testid="share-send">
              Share
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function ShareButton({ kind, itemId, itemName }: { kind: ShareKind; itemId: string; itemName: string }) {
  const enabled = useFeature('sharing_collaboration');
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  return (
    <>
      <Button size="compact-xs" variant="default" onClick={() => setOpen(true)} data-testid="share-item">
        Share
      </Button>
      {open && <ShareDialog kind={kind} itemId={itemId} itemName={itemName} onClose={() => setOpen(false)} />}
    </>
  );
}
