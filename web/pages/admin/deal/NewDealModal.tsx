import { Alert, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { ADMIN_DEAL_MAX_TRANCHES } from '@common/api/adminDeals';
import { IssuerPicker } from '../../../components/IssuerPicker';
import { useNewDeal } from './useNewDeal';

/** "New deal": an issuer, its bookrunners and use of proceeds, and its tranches, announced now. */
export function NewDealModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const deal = useNewDeal();
  const { tranches, form } = deal;
  const field = (name: 'bookrunners' | 'useOfProceeds') => form.getInputProps(name);
  return (
    <Modal opened={opened} onClose={onClose} title="New deal (announced now)" size="lg">
      <Stack gap="sm">
        <IssuerPicker value={deal.issuerId} onChange={deal.setIssuerId} testId="new-deal-issuer" error={form.errors.issuerId} />
        <TextInput label="Bookrunners (comma-separated)" {...field('bookrunners')} />
        <TextInput label="Use of proceeds" {...field('useOfProceeds')} />
        {tranches.map((t, k) => (
          <Group key={k} align="end">
            <NumberInput
              label="Tenor (years)"
              min={1}
              max={50}
              value={t.tenorYears}
              onChange={(v) => deal.setTranche(k, { tenorYears: Number(v) })}
              error={form.errors[`tranches.${k}.tenorYears`]}
              w={130}
            />
            <NumberInput
              label="Size (USD mm)"
              min={1}
              value={t.sizeMm}
              onChange={(v) => deal.setTranche(k, { sizeMm: Number(v) })}
              error={form.errors[`tranches.${k}.sizeMm`]}
              w={150}
            />
            {tranches.length > 1 && (
              <Button variant="subtle" size="xs" onClick={() => deal.removeTranche(k)}>
                Remove
              </Button>
            )}
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="light" size="xs" disabled={tranches.length >= ADMIN_DEAL_MAX_TRANCHES} onClick={deal.addTranche}>
            Add tranche
          </Button>
          <Button size="xs" loading={deal.busy} onClick={deal.submit} data-testid="new-deal-create">
            Create deal
          </Button>
        </Group>
        {deal.error && (
          <Alert color="red" role="alert">
            {deal.error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
