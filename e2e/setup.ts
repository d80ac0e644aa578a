import path from 'node:path'
import { beforeEach } from 'vitest'
import { photographOpenPages } from './harness.ts'

// A test that fails leaves its pages open (its last lines, which close them, did not run): they are photographed
// into e2e/artifacts/failed/, named after the file and the test, so that what the browser showed can be seen.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const file = path.basename(task.file.name, '.test.ts')
    const test = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)
    const shots = await photographOpenPages(`${file}-${test}`)
    if (shots.length > 0) console.error(`screenshots of the failed test's pages: ${shots.join(', ')}`)
  })
})
