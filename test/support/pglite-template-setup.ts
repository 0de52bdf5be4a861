import type { TestProject } from 'vitest/node';
import { pgliteTemplate } from './pglite-template';

/** Global set-up of the suites that start the product: the embedded database they copy (see pglite-template.ts). */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await pgliteTemplate());
}
