import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Filing } from '@common/api/edgar';
import { IssuerChoice } from './IssuerChoice';
import { ReadingForm } from './ReadingForm';
import { useFilingEditor } from './useAdminFiling';

/** The fields read from the filing with their problems, corrections to save, and the deal to make from them. */
export function FilingEditor({ filing }: { filing: Filing }) {
  const { reading, setReading, refusals, choice, setChoice, error, busy, problems, edited, saveCorrections, makeDeal } =
    useFilingEditor(filing);
  return (
    <Stack gap="sm">
      {filing.problemList.length > 0 && (
        <Alert color={filing.status === 'rejected' ? 'red' : 'orange'} data-testid="filing-problems">
          {filing.problemList.map((p, i) => (
            <Text key={i} size="sm">
              {p.field}: {p.message}
            </Text>
          ))}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="filing-error">
          {error}
        </Alert>
      )}
      {reading ? (
        <>
          <ReadingForm reading={reading} problems={problems} refusals={refusals} onChange={setReading} />
          <Group>
            <Button size="xs" disabled={!edited} loading={busy} onClick={() => saveCorrections()} data-testid="filing-save">
              Save corrections
            </Button>
            {edited && (
              <Text size="xs" c="dimmed">
                Unsaved corrections: save them to have them checked.
              </Text>
            )}
          </Group>
          <Card withBorder padding="sm">
            <Text fw={700} size="sm" mb="xs">
              {filing.dealId === null ? 'Make the deal' : `Deal #${filing.dealId}: bring it up to date`}
            </Text>
            <IssuerChoice filing={filing} onChoice={setChoice} />
            <Button
              mt="xs"
              size="xs"
              disabled={choice === null || edited}
              loading={busy}
              onClick={() => choice && makeDeal(choice)}
              data-testid="filing-make-deal"
            >
              {filing.dealId === null ? 'Make the priced deal and its bonds' : 'Update the deal and its bonds'}
            </Button>
          </Card>
        </>
      ) : (
        <Text size="sm">Nothing in this document can be made into a deal.</Text>
      )}
    </Stack>
  );
}
