/**
 * A table row that opens what it shows (a bond): the whole row is the target, by mouse and by
 * keyboard. Rows take focus with Tab; Enter opens, ArrowUp/ArrowDown move between rows; links and
 * buttons inside the row keep their own targets.
 */
import { Table } from '@mantine/core';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

function focusSibling(row: HTMLElement, direction: 1 | -1): void {
  const next = direction === 1 ? row.nextElementSibling : row.previousElementSibling;
  if (next instanceof HTMLElement && next.tabIndex >= 0) next.focus();
}

export function LinkRow({ to, label, children, testId }: { to: string; label: string; children: ReactNode; testId?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest('a, button, input')) return;
    void navigate(to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      void navigate(to);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusSibling(event.currentTarget, event.key === 'ArrowDown' ? 1 : -1);
    }
  };
  return (
    <Table.Tr
      className="bw-row-link"
      tabIndex={0}
      // The row stays a table row (its cells keep their column headers) and is named by its
      // cells, as a screen reader reads them; what Enter does is its description. A link role
      // named "Open …" hid the figures the row shows (axe: label-content-name-mismatch) and held
      // the row's own links inside another link.
      aria-description={label}
      onClick={onClick}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {children}
    </Table.Tr>
  );
}
