/** The worksheet's tranches, each with the server's levels while they still answer it, and its overrides. */
import { SimpleGrid } from '@mantine/core';
import { trancheLevels } from './calculatorLevels';
import { trancheBase, withoutTranche, withTranche, withTrancheOverrides } from './calculatorView';
import { Editable } from './Editable';
import { TrancheCard } from './TrancheCard';
import type { CalculatorWorkspaceState } from './useCalculatorWorkspace';

export function CalculatorTranches({
  state: { worksheet, onChange, data },
  readOnly,
}: {
  state: CalculatorWorkspaceState;
  readOnly: boolean;
}) {
  const { tranches, overrides } = worksheet;
  return (
    <Editable readOnly={readOnly}>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {tranches.map((t, k) => {
          const base = trancheBase(data, tranches, k);
          const own = overrides[k] ?? {};
          return (
            <TrancheCard
              key={k}
              index={k}
              input={t}
              onInput={(next) => onChange(withTranche(worksheet, k, next))}
              onRemove={tranches.length > 1 ? () => onChange(withoutTranche(worksheet, k)) : null}
              base={base}
              overrides={own}
              onOverrides={(next) => onChange(withTrancheOverrides(worksheet, k, next))}
              result={base ? trancheLevels(base, own) : undefined}
            />
          );
        })}
      </SimpleGrid>
    </Editable>
  );
}
