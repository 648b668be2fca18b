import type { TestProject } from 'vitest/node';
import { setupPostgresTemplate } from './globalSetup';

export default async function setup(project: TestProject) {
  const { templateDb, databasePrefix, teardown } = await setupPostgresTemplate();
  project.provide('postgresTemplateDb', templateDb);
  project.provide('postgresDatabasePrefix', databasePrefix);
  return teardown;
}
