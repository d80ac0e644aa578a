import type { TestProject } from 'vitest/node'
import { removeDemoTemplate, seedDemoTemplate } from './demo-template.ts'

/** Seeds the demo data once for the whole e2e run; each test file's server starts from a copy (harness.ts). */
export default async function setup(project: TestProject) {
  const template = await seedDemoTemplate()
  project.provide('e2eDemoTemplate', template)
  return () => removeDemoTemplate(template)
}
