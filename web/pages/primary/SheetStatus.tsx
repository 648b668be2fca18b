/** What an opened sheet says about itself: saved or not, shared to view, changed elsewhere, failed. */
import { Alert, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { saveBadge } from './pricingSheetView';
import type { SheetEditorState } from './useSheetEditor';

/** The save state, or for a sheet shared to view, its owner in place of it. */
export function SheetBadge({ state: { sheet, readOnly, autosave } }: { state: SheetEditorState }) {
  if (readOnly && sheet.shared) {
    const { owner } = sheet.shared;
    return (
      <Badge size="sm" variant="light" color="gray" data-testid="sheet-view-only">
        View only · shared by {owner.name ?? owner.email}
      </Badge>
    );
  }
  const { color, text } = saveBadge(autosave.state);
  return (
    <Badge size="sm" variant="light" color={color} data-testid="sheet-save-state">
      {text}
    </Badge>
  );
}

export function SheetAlerts({ state: { readOnly, autosave, actionError, reload } }: { state: SheetEditorState }) {
  return (
    <>
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
    </>
  );
}
