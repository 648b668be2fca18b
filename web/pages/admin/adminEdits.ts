import type { ApiMutation } from '../../api/queries';

type ShownEdit = Pick<ApiMutation<unknown, unknown>, 'busy' | 'error' | 'reset'>;

/**
 * A view's several edits (each a `useApiMutation`) shown as the view has room for: the name of the
 * one on its way, for its button's spinner, and a single refusal. `start` runs an edit after
 * forgetting every refusal, so that refusal always speaks of the last edit tried.
 */
export function editsShown<Name extends string>(edits: Record<Name, ShownEdit>) {
  const names = Object.keys(edits) as Name[];
  const forgetRefusals = () => names.forEach((name) => edits[name].reset());
  return {
    busy: names.find((name) => edits[name].busy) ?? null,
    error: names.map((name) => edits[name].error).find((error) => error !== null) ?? null,
    start: <Vars, Result>(edit: ApiMutation<Vars, Result>, vars: Vars): Promise<Result | undefined> => {
      forgetRefusals();
      return edit.run(vars);
    },
  };
}
