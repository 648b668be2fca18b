/** Notification preferences (spec §3 User info): browser (push) and in-app notifications. */
import { Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { USER_PATHS, type NotificationPreferences, type UserInfo } from '@common/api/user';
import { apiKey, useApiMutation } from '../../api/queries';
import { askNotificationPermission, registerPush } from '../../notifications/push';
import { profileApi } from './profileApi';
import { Section } from './Section';

export function NotificationsSection({ info }: { info: UserInfo }) {
  const queryClient = useQueryClient();
  const prefs = info.notificationPreferences;
  const showPreferences = (shown: NotificationPreferences) =>
    queryClient.setQueryData<UserInfo>(
      apiKey(USER_PATHS.user({ id: info.id })),
      (old) => old && { ...old, notificationPreferences: shown },
    );
  // A refusal is said as a toast (queryClient.ts), with this prefix.
  const save = useApiMutation((next: NotificationPreferences) => profileApi.saveNotificationPreferences(info.id, next), {
    onDone: showPreferences,
    meta: { errorToast: 'Could not save notification settings:' },
  });
  /** The switch moves at once; a refused save reads the saved settings back. Resolves with what was saved. */
  const saveShown = async (next: NotificationPreferences) => {
    showPreferences(next);
    const saved = await save.run(next);
    if (saved === undefined) void queryClient.invalidateQueries({ queryKey: apiKey(USER_PATHS.user({ id: info.id })) });
    return saved;
  };
  const toggle = (key: 'browserNotificationsOn' | 'appNotificationsOn' | 'emailDigestOn', value: boolean) =>
    void saveShown({ ...prefs, [key]: value });
  /** Browser notifications need the browser's permission first; refused, the switch stays off and says why. */
  const toggleBrowser = async (value: boolean) => {
    if (!value) return toggle('browserNotificationsOn', false);
    const permission = await askNotificationPermission();
    if (permission === 'granted') {
      // Turned on just now: add this device's push subscription without waiting for the next login.
      if (await saveShown({ ...prefs, browserNotificationsOn: true }))
        void registerPush().catch((error: unknown) => console.warn('Push registration failed', error));
      return;
    }
    notifications.show({
      color: 'red',
      title: 'Browser notifications are blocked',
      message:
        permission === 'unsupported'
          ? 'This browser cannot show notifications from Bondwise.'
          : "Allow notifications for Bondwise in the browser's site settings, then turn this on again.",
      withBorder: true,
      'data-testid': 'notifications-browser-blocked',
    });
  };
  return (
    <Section title="Notifications" testId="profile-notifications">
      <Stack gap="xs">
        <Switch
          label="In-app notifications"
          description="Market hawk alerts, new deals and messages while Bondwise is open"
          checked={prefs.appNotificationsOn}
          onChange={(e) => toggle('appNotificationsOn', e.currentTarget.checked)}
          data-testid="notifications-app"
        />
        <Switch
          label="Browser notifications"
          description="Desktop notifications, also when Bondwise is in the background"
          checked={prefs.browserNotificationsOn}
          onChange={(e) => void toggleBrowser(e.currentTarget.checked)}
          data-testid="notifications-browser"
        />
        <Switch
          label="E-mail digest"
          description="Unread deal messages and notifications by e-mail while you are away"
          checked={prefs.emailDigestOn}
          onChange={(e) => toggle('emailDigestOn', e.currentTarget.checked)}
          data-testid="notifications-email-digest"
        />
      </Stack>
    </Section>
  );
}
