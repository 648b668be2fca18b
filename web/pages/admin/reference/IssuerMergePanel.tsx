/**
 * Merging a duplicate into the issuer on screen: pick the duplicate, see what moves (bonds,
 * deals, subsidiaries), confirm — then the server moves them in one transaction and deletes the
 * duplicate (audited). Both versions as read are sent, so a change in between is refused (409).
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_ISSUER_PATHS, type AdminIssuerDetail, type AdminIssuerMergeResponse } from '@common/api/adminIssuers';
import { api } from '../../../api/client';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { IssuerPicker } from '../../../components/IssuerPicker';

export function IssuerMergePanel({
  survivor,
  onMerged,
}: {
  survivor: AdminIssuerDetail;
  onMerged: (r: AdminIssuerMergeResponse) => Promise<unknown>;
}) {
  const [duplicateId, setDuplicateId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const duplicate = useApiQuery<AdminIssuerDetail>(duplicateId ? ADMIN_ISSUER_PATHS.issuer({ issuerId: duplicateId }) : null);
  const dup = duplicate.data && String(duplicate.data.id) === duplicateId ? duplicate.data : null;
  const merge = useApiMutation(
    (duplicateOne: AdminIssuerDetail) =>
      api.post<AdminIssuerMergeResponse>(ADMIN_ISSUER_PATHS.merge({ issuerId: survivor.id }), {
        duplicateId: duplicateOne.id,
        version: survivor.version,
        duplicateVersion: duplicateOne.version,
        confirm: true,
      }),
    {
      onDone: (result) => {
        setConfirming(false);
        setDuplicateId(null);
        return onMerged(result);
      },
    },
  );
  return (
    <Stack gap="xs" data-testid="issuer-merge">
      <Text size="sm">
        Merge a duplicate of this issuer into it: its bonds, deals and subsidiaries move here and the duplicate is deleted.
      </Text>
      <Group align="end">
        <IssuerPicker label="Duplicate" value={duplicateId} onChange={setDuplicateId} w={360} testId="merge-duplicate" />
        <Button
          size="xs"
          color="orange"
          disabled={!dup || dup.id === survivor.id}
          onClick={() => setConfirming(true)}
          data-testid="merge-open"
        >
          Merge…
        </Button>
      </Group>
      {dup?.id === survivor.id && (
        <Text size="xs" c="red">
          That is this issuer.
        </Text>
      )}
      {merge.error && <Alert color="red">{merge.error}</Alert>}
      <Modal opened={confirming && dup !== null} onClose={() => setConfirming(false)} title="Merge issuers" size="md">
        {dup && (
          <Stack gap="sm">
            <Text size="sm">
              Merge <b>{dup.ticker}</b> ({dup.displayName}) into <b>{survivor.ticker}</b> ({survivor.displayName})? {dup.bondCount} bond(s),{' '}
              {dup.dealCount} deal(s) and {dup.subsidiaries.length} subsidiar{dup.subsidiaries.length === 1 ? 'y' : 'ies'} move to{' '}
              {survivor.ticker}, and {dup.ticker} is deleted. This cannot be undone.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button size="xs" color="orange" loading={merge.busy} onClick={() => void merge.run(dup)} data-testid="merge-confirm">
                Merge
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
