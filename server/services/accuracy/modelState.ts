/**
 * The accuracy read model of each database, kept up to date: each request reads the version
 * (three index reads); when the backtest job has only added trades above the newest one held,
 * they are appended, else the model is loaded again. Concurrent callers share one update, and a
 * request in flight keeps answering from the model it started with.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AccuracyModel, currentVersion, evaluatedAbove, loadCoverageInto, loadAll, appendAbove, type ModelVersion } from './readModel';
import { defineCache } from '../caches/registry';

interface State {
  model: AccuracyModel | null;
  updating: Promise<AccuracyModel> | null;
}
const states = defineCache<Kysely<Database>, State>({
  name: 'accuracy.model',
  home: 'server/services/accuracy/modelState.ts',
  per: 'database',
  key: '—',
  lifetime: 'until invalidated',
  invalidatedBy: ['the backtest job scoring trades (newest scored trade id, checked on every request)', 'a trade marked inactive'],
});

const sameVersion = (a: ModelVersion, b: ModelVersion) =>
  a.evaluated === b.evaluated && a.newestId === b.newestId && a.inactive === b.inactive;

/** The model as of the evaluated trades now. */
export async function accuracyModel(db: Kysely<Database>): Promise<AccuracyModel> {
  const s = states.of(db, () => ({ model: null, updating: null }));
  for (;;) {
    const version = await currentVersion(db);
    if (s.model && sameVersion(s.model.version, version)) return s.model;
    if (!s.updating) {
      s.updating = update(db, s.model, version).finally(() => (s.updating = null));
      s.updating.then((m) => (s.model = m)).catch(() => {});
      return s.updating;
    }
    // Another update is under way: wait for it, then check again whether it is new enough.
    await s.updating.catch(() => {});
    if (s.model && s.model.version.newestId >= version.newestId && s.model.version.inactive === version.inactive) return s.model;
  }
}

async function update(db: Kysely<Database>, held: AccuracyModel | null, version: ModelVersion): Promise<AccuracyModel> {
  if (held && held.version.inactive === version.inactive && version.newestId >= held.version.newestId) {
    const added = version.evaluated - held.version.evaluated;
    if (added >= 0 && (await evaluatedAbove(db, held.version.newestId)) === added) {
      const after = held.version.newestId;
      const coverage = new AccuracyModel(version);
      await loadCoverageInto(db, coverage, after, version.newestId);
      if (await appendAbove(db, held, after, version.newestId)) {
        held.addCoverage([...coverage.days].map(([day, d]) => ({ day, ...d })));
        held.version = version;
        return held;
      }
    }
  }
  const fresh = new AccuracyModel(version);
  await loadAll(db, fresh, version.newestId);
  await loadCoverageInto(db, fresh, 0, version.newestId);
  return fresh;
}
