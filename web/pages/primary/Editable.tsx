import type { ReactNode } from 'react';

/**
 * A disabled fieldset disables every native control inside it (inputs, radios, buttons), the
 * issuer picker's and the tranche cards' included, without a prop on each; `display: contents`
 * keeps it out of the layout.
 */
export function Editable({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} style={{ display: 'contents' }} data-testid={readOnly ? 'worksheet-read-only' : undefined}>
      {children}
    </fieldset>
  );
}
