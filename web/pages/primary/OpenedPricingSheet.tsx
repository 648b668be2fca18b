/**
 * /bw/primary/pricing-sheet/{id}: one pricing sheet opened — its name, notes and the calculator
 * on its worksheet. Every change is saved a moment after the last one (useSheetAutosave); History
 * lists the states earlier saves replaced, and restoring one undoes an overwrite.
 * A sheet shared with the caller to view opens read-only: marked "View only", every control that
 * would change it disabled, no restore, and nothing ever sent to be saved (the server refuses a
 * viewer's save anyway; the page no longer lets one be attempted).
 */
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { PRICING_SHEET_NAME_MAX, PRICING_SHEET_NOTES_MAX, type PricingSheet, type PricingSheetVersions } from '@common/api/pricingSheets';
import { apiErrorText } from '../../api/errorText';
import { PageTitle } from '../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { CalculatorWorkspace } from './CalculatorWorkspace';
import { pricingSheetKey, pricingSheetsApi, pricingSheetsKey, pricingSheetVersionsKey } from './pricingSheetsApi';
import { type SaveState, type SheetDraft, useSheetAutosave } from './useSheetAutosave';
import { type Worksheet, worksheetContent, worksheetFromContent, worksheetProblem } from './worksheet';

/** An earlier version as its row shows it; `restore` is absent when the caller may only view. */
interface VersionRow {
  version: PricingSheetVersions['versions'][number];
  restoring: boolean;
  restore: (() => void) | null;
}

function RestoreCell({ row }: CellProps<VersionRow>) {
  if (!row.restore) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={row.restoring}
      onClick={row.restore}
      data-testid={`sheet-restore-${row.version.version}`}
    >
      Restore
    </Button>
  );
}

const VERSION_COLUMNS: Column<VersionRow>[] = [
  { header: 'Version', id: 'version', value: (r) => r.version.version },
  { header: 'Name', id: 'name', value: (r) => r.version.name },
  { header: 'Tranches', id: 'tranches', value: (r) => r.version.tranches, kind: 'count' },
  { header: 'Replaced', id: 'replaced', value: (r) => r.version.savedAt, kind: 'date' },
  { header: '', id: 'restore', cell: RestoreCell, control: true },
];

function draftProblem(draft: SheetDraft): string | null {
  if (!draft.name.trim()) return 'name: give the sheet a name';
  return worksheetProblem(worksheetFromContent(draft.content));
}

function SaveBadge({ state }: { state: SaveState }) {
  const [color, text] =
    state.kind === 'saved'
      ? ['teal', `Saved · version ${state.version}`]
      : state.kind === 'pending' || state.kind === 'saving'
        ? ['yellow', 'Saving…']
        : state.kind === 'invalid'
          ? ['orange', `Not saved: ${state.problem}`]
          : ['red', 'Not saved'];
  return (
    <Badge size="sm" variant="light" color={color} data-testid="sheet-save-state">
      {text}
    </Badge>
  );
}

/** The owner and what this shared sheet lets the caller do, in place of the save state. */
function ViewOnlyBadge({ owner }: { owner: { email: string; name: string | null } }) {
  return (
    <Badge size="sm" variant="light" color="gray" data-testid="sheet-view-only">
      View only · shared by {owner.name ?? owner.email}
    </Badge>
  );
}

function History({
  sheetId,
  opened,
  onClose,
  onRestore,
}: {
  sheetId: number;
  opened: boolean;
  onClose: () => void;
  /** Absent when the caller may only view the sheet. */
  onRestore: ((version: number) => Promise<void>) | null;
}) {
  const versions = useQuery({
    queryKey: pricingSheetVersionsKey(sheetId),
    queryFn: () => pricingSheetsApi.versions(sheetId),
    enabled: opened,
  });
  const [restoring, setRestoring] = useState<number | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Earlier versions" size="lg">
      {versions.isPending && <Loader size="sm" type="dots" />}
      {versions.isError && <Alert color="red">{apiErrorText(versions.error)}</Alert>}
      {versions.data?.versions.length === 0 && (
        <Text size="sm">No earlier versions: the sheet has not been changed since it was created.</Text>
      )}
      {versions.data && versions.data.versions.length > 0 && (
        <SimpleTable
          rows={versions.data.versions.map((v) => ({
            version: v,
            restoring: restoring === v.version,
            restore: onRestore
              ? () => {
                  setRestoring(v.version);
                  void onRestore(v.version).finally(() => setRestoring(null));
                }
              : null,
          }))}
          columns={VERSION_COLUMNS}
          rowKey={(r) => String(r.version.version)}
          testId="sheet-versions"
        />
      )}
    </Modal>
  );
}

function SheetEditor({ sheet }: { sheet: PricingSheet }) {
  const client = useQueryClient();
  const [worksheet, setWorksheet] = useState<Worksheet>(() => worksheetFromContent(sheet.content));
  const [name, setName] = useState(sheet.name);
  const [notes, setNotes] = useState(sheet.notes);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const remember = useCallback(
    (saved: PricingSheet) => {
      client.setQueryData(pricingSheetKey(saved.id), saved);
      void client.invalidateQueries({ queryKey: pricingSheetsKey, exact: true });
      void client.invalidateQueries({ queryKey: pricingSheetVersionsKey(saved.id) });
    },
    [client],
  );
  const autosave = useSheetAutosave(sheet, draftProblem, remember);
  const readOnly = sheet.shared?.permission === 'view';

  const edit = (next: { name?: string; notes?: string; worksheet?: Worksheet }) => {
    // The controls are disabled; this keeps any other path from queueing a save for a viewer.
    if (readOnly) return;
    const merged = { name, notes, worksheet, ...next };
    setName(merged.name);
    setNotes(merged.notes);
    setWorksheet(merged.worksheet);
    autosave.change({ name: merged.name.trim(), notes: merged.notes, content: worksheetContent(merged.worksheet) });
  };
  /** Shows the sheet as the server has it now. */
  const load = (current: PricingSheet) => {
    setWorksheet(worksheetFromContent(current.content));
    setName(current.name);
    setNotes(current.notes);
    autosave.reset(current);
    remember(current);
  };
  const restore = async (version: number) => {
    setActionError(null);
    try {
      await autosave.flush();
      load(await pricingSheetsApi.restore(sheet.id, version, autosave.version()));
      setHistoryOpen(false);
    } catch (error) {
      setActionError(apiErrorText(error));
    }
  };
  const reload = async () => load(await pricingSheetsApi.get(sheet.id));

  return (
    <Stack gap="sm">
      <Group align="end">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => edit({ name: e.currentTarget.value })}
          maxLength={PRICING_SHEET_NAME_MAX}
          w={360}
          readOnly={readOnly}
          disabled={readOnly}
          data-testid="sheet-name"
        />
        {readOnly && sheet.shared ? <ViewOnlyBadge owner={sheet.shared.owner} /> : <SaveBadge state={autosave.state} />}
        <Button size="xs" variant="default" onClick={() => setHistoryOpen(true)} data-testid="sheet-history">
          History
        </Button>
        <Anchor component={Link} to="/bw/primary/pricing-sheet" size="sm">
          All pricing sheets
        </Anchor>
      </Group>
      {readOnly && (
        <Alert color="gray" data-testid="sheet-view-only-note">
          <Text size="sm">
            This sheet is shared with you to view: changes are not possible here. Duplicate it from{' '}
            <Anchor component={Link} to="/bw/primary/pricing-sheet">
              All pricing sheets
            </Anchor>{' '}
            to work on your own copy.
          </Text>
        </Alert>
      )}
      {autosave.state.kind === 'conflict' && (
        <Alert color="red" title="Changed elsewhere" data-testid="sheet-conflict">
          <Text size="sm">{autosave.state.message}. Your changes here are kept on this page until you choose.</Text>
          <Group mt="xs">
            <Button size="xs" variant="default" onClick={() => void reload()}>
              Reload the saved sheet
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => void autosave.overwrite()}>
              Keep mine over it
            </Button>
          </Group>
        </Alert>
      )}
      {autosave.state.kind === 'failed' && (
        <Alert color="red" role="alert">
          Saving failed: {autosave.state.message}
        </Alert>
      )}
      {actionError && (
        <Alert color="red" role="alert">
          {actionError}
        </Alert>
      )}
      <Textarea
        label="Notes"
        value={notes}
        onChange={(e) => edit({ notes: e.currentTarget.value })}
        maxLength={PRICING_SHEET_NOTES_MAX}
        autosize
        minRows={2}
        maxRows={8}
        readOnly={readOnly}
        disabled={readOnly}
        data-testid="sheet-notes"
      />
      <CalculatorWorkspace
        worksheet={worksheet}
        onChange={(next) => edit({ worksheet: next })}
        fileStem={name.replace(/[^\w.-]+/g, '_') || 'pricing-sheet'}
        readOnly={readOnly}
      />
      <History sheetId={sheet.id} opened={historyOpen} onClose={() => setHistoryOpen(false)} onRestore={readOnly ? null : restore} />
    </Stack>
  );
}

export function OpenedPricingSheet({ id }: { id: number }) {
  const sheet = useQuery({ queryKey: pricingSheetKey(id), queryFn: () => pricingSheetsApi.get(id), staleTime: Infinity });
  return (
    <Stack gap="sm" data-testid="pricing-sheet-page">
      <PageTitle title={sheet.data ? sheet.data.name : 'Pricing sheet'} />
      {sheet.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {sheet.isError && (
        <Alert color="red" data-testid="pricing-sheet-error">
          <Text size="sm">{apiErrorText(sheet.error)}</Text>
          <Anchor component={Link} to="/bw/primary/pricing-sheet" size="sm">
            All pricing sheets
          </Anchor>
        </Alert>
      )}
      {sheet.data && <SheetEditor key={sheet.data.id} sheet={sheet.data} />}
    </Stack>
  );
}
