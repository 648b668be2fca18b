/**
 * /bw/admin/trial: trials ending soon (within 3 days) and ended, each by its end, over
 * /admin/users?trial=…. Extend one by some days (the running end moves, or an ended trial gets
 * an extension — PUT /admin/users/{id}/trial), or convert it to a subscription (the person's, or
 * a named, organisation subscribes — POST /admin/users/{id}/subscribe). The person is e-mailed
 * either way. A person changed meanwhile is refused by the server (409) and the lists re-read.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../components/PageTitle';
import { TrialList } from './TrialList';
import { LISTS } from './trialLists';

export default function AdminTrialPage() {
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="md" data-testid="admin-trial-page">
      <PageTitle />
      <Text size="sm">The person is e-mailed when their trial is extended and when it becomes a subscription.</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {LISTS.map((l) => (
        <TrialList key={l.trial} {...l} onError={setError} />
      ))}
    </Stack>
  );
}
