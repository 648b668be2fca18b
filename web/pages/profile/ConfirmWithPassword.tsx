/**
 * A small modal that asks for the password before removing a second factor: a form on the removal's
 * contract (`mfaRemoveBodySchema`), so a password it refuses says so under the field before anything
 * is sent, as does a 400 naming it; any other refusal (a wrong password) is the dialog's error line.
 */
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { mfaRemoveBodySchema, type MfaRemoveBody } from '@common/api/user';
import { FormError } from '../../components/AuthPanel';
import { useContractForm } from '../../components/forms/useContractForm';

export function ConfirmWithPassword({
  opened,
  title,
  text,
  onConfirm,
  onClose,
  testId,
}: {
  opened: boolean;
  title: string;
  text: string;
  /** Sends the body (`{ password }`); a refusal it throws comes back onto the dialog. */
  onConfirm: (body: MfaRemoveBody) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  const { form, formError, setFormError, onSubmit } = useContractForm({ schema: mfaRemoveBodySchema, initialValues: { password: '' } });
  // Closed, the dialog forgets the password and any refusal: it opens empty.
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="sm">
      <form
        onSubmit={onSubmit(async (body) => {
          await onConfirm(body);
          form.reset();
        })}
        noValidate
        data-testid={testId}
      >
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          <FormError testId={`${testId}-error`} error={formError} />
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('password')}
            data-testid={`${testId}-password`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="red"
              loading={form.submitting}
              disabled={form.values.password === ''}
              data-testid={`${testId}-submit`}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
