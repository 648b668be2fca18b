/**
 * "Contact support" from the account menu, without a vendor widget: subject and message go to
 * POST /v2/support/request with the page the person is on; the server e-mails support with their
 * support token. Errors are shown in the dialog, as sentences.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { SUPPORT_MESSAGE_MAX, SUPPORT_PATHS, SUPPORT_SUBJECT_MAX } from '@common/api/support';
import { api } from '../api/client';
import { apiErrorText } from '../api/errorText';

export function ContactSupportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const close = () => {
    onClose();
    setSent(null);
    setError(null);
  };
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const page = location.hash.replace(/^#/, '').split('?')[0] ?? '';
      const created = await api.post<{ id: number }>(SUPPORT_PATHS.request, { subject, message, page });
      setSent(created.id);
      setSubject('');
      setMessage('');
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Contact support" data-testid="contact-support">
      {sent !== null ? (
        <Stack>
          <Text data-testid="contact-support-sent">Thank you — request #{sent} is with our support team, who will answer by e-mail.</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {error && <Alert color="red">{error}</Alert>}
          <TextInput
            label="Subject"
            maxLength={SUPPORT_SUBJECT_MAX}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            data-testid="contact-support-subject"
          />
          <Textarea
            label="How can we help?"
            description="Your support token and the page you are on are sent with it."
            autosize
            minRows={4}
            maxLength={SUPPORT_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-testid="contact-support-message"
          />
          <Group justify="flex-end">
            <Button
              loading={busy}
              disabled={!subject.trim() || !message.trim()}
              onClick={() => void send()}
              data-testid="contact-support-send"
            >
              Send
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
