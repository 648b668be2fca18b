/**
 * /bw/admin/media: the media library — upload images (PNG, JPEG, GIF, WebP) and PDFs for blog
 * posts, copy a file's signed link (short-lived) or its long-lived public link (for public posts'
 * images), replace a file's bytes under the same link, delete it (the server refuses while a
 * published post uses it). The server reads the type from the bytes and checks the name agrees.
 */
import { Alert, Badge, Button, Card, CopyButton, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MEDIA_MAX_BYTES, MEDIA_PATHS, type MediaItem, type MediaList } from '@common/api/media';
import { formatDate, formatNumber } from '@common/format';
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { PageTitle } from '../../components/PageTitle';
import { editsShown } from './adminEdits';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

const send = (url: string, method: 'POST' | 'PUT', file: File) =>
  (method === 'POST' ? api.post : api.put)<MediaItem>(url, undefined, {
    body: file,
    headers: { 'content-type': 'application/octet-stream' },
    query: { name: file.name },
  });

export default function AdminMediaPage() {
  const list = useApiQuery<MediaList>(MEDIA_PATHS.admin);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const invalidates = [MEDIA_PATHS.admin];
  const upload = useApiMutation((file: File) => send(MEDIA_PATHS.admin, 'POST', file), { invalidates });
  const replace = useApiMutation(({ id, file }: { id: number; file: File }) => send(MEDIA_PATHS.adminOne({ id }), 'PUT', file), {
    invalidates,
  });
  const remove = useApiMutation((item: MediaItem) => api.delete(MEDIA_PATHS.adminOne({ id: item.id })), { invalidates });
  // One refusal at a time, as the page has one alert: starting an edit forgets the last one's.
  const { error, start } = editsShown({ upload, replace, remove });
  return (
    <Stack gap="sm" maw={1000} data-testid="admin-media-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        Images and PDFs for blog posts, at most {MEDIA_MAX_BYTES / 1048576} MB each. Links are signed: the short link works for 15 minutes,
        the public link (for images of public posts) for a year. Replacing a file keeps its links.
      </Text>
      {error && (
        <Alert color="red" data-testid="media-error">
          {error}
        </Alert>
      )}
      <Group>
        <FileButton accept={ACCEPT} onChange={(file) => file && void start(upload, file)}>
          {(props) => (
            <Button {...props} loading={upload.busy} data-testid="media-upload">
              Upload a file
            </Button>
          )}
        </FileButton>
      </Group>
      {list.data?.items.map((m) => (
        <Card key={m.id} withBorder padding="sm" data-testid="media-item">
          <Group wrap="nowrap" align="flex-start">
            {m.mime.startsWith('image/') ? <Image src={m.link} alt={m.name} w={96} h={64} fit="contain" /> : <Badge w={96}>PDF</Badge>}
            <Stack gap={2} style={{ flex: 1 }}>
              <Text fw={600}>{m.name}</Text>
              <Text size="xs" c="dimmed">
                {m.mime} · {formatNumber(m.size / 1024, 0)} KB{m.width ? ` · ${m.width}×${m.height}px` : ''} · version {m.version} ·{' '}
                {formatDate(m.updatedAt)}
              </Text>
              <Group gap={4}>
                <CopyButton value={m.link}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
                <CopyButton value={m.publicLink}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy public link'}
                    </Button>
                  )}
                </CopyButton>
                <FileButton accept={m.mime} onChange={(file) => file && void start(replace, { id: m.id, file })}>
                  {(props) => (
                    <Button {...props} size="compact-xs" variant="subtle" loading={replace.busy && replace.variables?.id === m.id}>
                      Replace
                    </Button>
                  )}
                </FileButton>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(m)}>
                  Delete
                </Button>
              </Group>
            </Stack>
          </Group>
        </Card>
      ))}
      {list.data && list.data.items.length === 0 && <Text c="dimmed">No files yet.</Text>}
      <ConfirmDelete
        name={deleting?.name ?? null}
        title="Delete file"
        busy={remove.busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void start(remove, target);
        }}
      />
    </Stack>
  );
}
