// What an e2e server's start costs (decision record 037): seeding the demo data into a new data folder and starting
// on it, against copying a seeded folder (as the e2e harness does from the run's template) and starting on the copy.
// Prints both in milliseconds, with the load average. Run: node --import tsx scripts/bench-e2e-start.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { buildApp } from '../apps/server/src/app.ts'
import { copyDemoTemplate, e2eConfig, removeDemoTemplate, seedDemoTemplate } from '../e2e/demo-template.ts'

const load = loadavg()[0]!.toFixed(1)
const t0 = performance.now()
const template = await seedDemoTemplate() // a server built on an empty folder seeds it, then closes
const seedAndStart = performance.now() - t0

const t1 = performance.now()
const dir = await mkdtemp(path.join(tmpdir(), 'preloved-e2e-'))
await copyDemoTemplate(template, dir)
const copy = performance.now() - t1
const app = await buildApp(e2eConfig(dir, { PORT: '0' }))
const copyAndStart = performance.now() - t1
await app.close()

console.log(
  JSON.stringify({
    load,
    seedAndStartMs: Math.round(seedAndStart),
    copyMs: Math.round(copy),
    copyAndStartMs: Math.round(copyAndStart),
  }),
)
await rm(dir, { recursive: true, force: true })
await removeDemoTemplate(template)
process.exit(0)
