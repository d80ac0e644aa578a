import { afterAll, beforeAll } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

/**
 * The set-up the buses' tests share: one test app for the file, the buses they open (closed after, newest first), and
 * a wait for something a bus delivers. `check` runs once the app is built (e.g. the engine a file needs).
 */
export function liveBusFixture(check?: (t: TestApp) => void) {
  let t: TestApp
  const opened: { close(): Promise<void> }[] = []
  beforeAll(async () => {
    t = await buildTestApp()
    check?.(t)
  })
  afterAll(async () => {
    for (const o of opened.reverse()) await o.close()
    await t.close()
  })
  return {
    get t() {
      return t
    },
    opened,
    db: () => t.database.db,
  }
}

/** Waits until `check` holds, for at most `ms`; answers whether it does. */
export async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
  return check()
}
