import type { TestProject } from 'vitest/node';
import { setupPgliteTemplate } from './globalSetup';

export default async function setup(project: TestProject) {
  const { file, teardown } = await setupPgliteTemplate();
  project.provide('pgliteTemplateFile', file);
  return teardown;
}
