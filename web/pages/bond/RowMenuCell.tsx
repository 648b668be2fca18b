/**
 * The bond table's row menu (a "⋯" cell pinned at the right of each row): open the bond's pricing
 * or history, or create an alert on it — the subscription page opens the rule editor pre-filled
 * for this bond (components/alertLink.ts). "Create alert" shows only to accounts with market hawk, which
 * the server decides (the feature level); the page's own API refuses the rest anyway.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { BondListRow } from '@common/api/bond';
import { useFeature } from '../../features/useFeature';
import { createAlertLink } from '../../components/alertLink';
import type { CellProps } from '../../components/DataTable';

/** The grid's column id of the menu (not a bond column: never sorted, moved or saved in a view). */
export const ROW_MENU_COLUMN = 'rowMenu';

export function RowMenuCell({ row: data }: CellProps<BondListRow>) {
  const navigate = useNavigate();
  const hawk = useFeature('market_hawk_basic');
  const label = data.description ?? data.bondIdentifier;
  return (
    // data-no-row-click: a click here opens the menu, not the bond (DataTable skips the row click;
    // the column is declared a control, so Enter in it is the menu's too).
    <span data-no-row-click>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" size="sm" aria-label={`Row menu of ${label ?? `bond ${data.id}`}`} data-testid="bond-row-menu">
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void navigate(`/bw/bond/${data.id}/pricing`)}>Pricing</Menu.Item>
          <Menu.Item onClick={() => void navigate(`/bw/bond/${data.id}/history`)}>History</Menu.Item>
          {hawk && (
            <Menu.Item
              onClick={() => void navigate(createAlertLink({ kind: 'bond', bondId: data.id, label }))}
              data-testid="bond-row-create-alert"
            >
              Create alert…
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </span>
  );
}
