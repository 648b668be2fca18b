import { type Kysely, type Migration, Migrator } from 'kysely';
import { migrations as allMigrations } from './migrations';

/** Raised when a migration fails; names the migration and carries the database's message. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Brings the schema to the latest version. Kysely's Postgres adapter holds an advisory lock for
 * the whole run, so two instances starting together do not migrate twice, and the run is one
 * transaction: a failure leaves the schema as it was.
 */
export async function migrateToLatest(db: Kysely<any>, migrations: Record<string, Migration> = allMigrations): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed ? `Database migration ${failed.migrationName} failed: ${reason}` : `Database migration failed: ${reason}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
