import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_ONBOARDING_PATHS, type OnboardingEntry, type OnboardingQueue } from '@common/api/adminOnboarding';
import { api } from '../../../api/client';
import { apiKey, useApiMutation, useApiQuery } from '../../../api/queries';
import { editsShown } from '../adminEdits';

/**
 * The onboarding queue and its three decisions (approve, assign, reject), each sent with the
 * version shown. The server answers a decision with the queue as it now is, which is shown as it
 * is; a refusal (a person changed meanwhile) is shown and the queue read again.
 */
export function useOnboardingQueue() {
  const client = useQueryClient();
  const queue = useApiQuery<OnboardingQueue>(ADMIN_ONBOARDING_PATHS.queue);
  const organizations = useApiQuery<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations);
  const [assigning, setAssigning] = useState<Record<string, string | null>>({});
  const [rejecting, setRejecting] = useState<OnboardingEntry | null>(null);
  const [message, setMessage] = useState('');
  const refused = { rereadWhenRefused: [ADMIN_ONBOARDING_PATHS.queue] };
  const showQueue = (answer: OnboardingQueue) => client.setQueryData(apiKey(ADMIN_ONBOARDING_PATHS.queue), answer);
  const approve = useApiMutation(
    (person: OnboardingEntry) =>
      api.post<OnboardingQueue>(ADMIN_ONBOARDING_PATHS.approve({ userId: person.id }), { version: person.version }),
    { ...refused, onDone: showQueue },
  );
  const assign = useApiMutation(
    ({ person, organizationId }: { person: OnboardingEntry; organizationId: string | null }) =>
      api.post<OnboardingQueue>(ADMIN_ONBOARDING_PATHS.assign({ userId: person.id }), { version: person.version, organizationId }),
    { ...refused, onDone: showQueue },
  );
  const reject = useApiMutation(
    ({ person, text }: { person: OnboardingEntry; text: string }) =>
      api.post<OnboardingQueue>(ADMIN_ONBOARDING_PATHS.reject({ userId: person.id }), { version: person.version, message: text }),
    {
      ...refused,
      onDone: (answer) => {
        showQueue(answer);
        setRejecting(null);
        setMessage('');
      },
    },
  );
  // One refusal line for the page: each decision forgets the others' refusal as it starts.
  const { error, start } = editsShown({ approve, assign, reject });
  return {
    queue,
    options: (organizations.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name })),
    assigningFor: (person: OnboardingEntry) => assigning[person.id] ?? null,
    setAssigningFor: (person: OnboardingEntry, organizationId: string | null) =>
      setAssigning({ ...assigning, [person.id]: organizationId }),
    rejecting,
    setRejecting,
    message,
    setMessage,
    error,
    approve: (person: OnboardingEntry) => void start(approve, person),
    assign: (person: OnboardingEntry) => void start(assign, { person, organizationId: assigning[person.id] ?? null }),
    reject: () => {
      if (rejecting) void start(reject, { person: rejecting, text: message });
    },
  };
}
