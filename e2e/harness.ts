import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { FastifyInstance } from 'fastify'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/plugins/config.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts'

export { CHROMIUM_PATH }
export const ARTIFACTS = fileURLToPath(new URL('./artifacts', import.meta.url))
export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const

export interface Harness {
  baseUrl: string
  app: FastifyInstance
  browser: Browser
  dataDir: string
  newPage(viewport?: keyof typeof VIEWPORTS): Promise<{ page: Page; context: BrowserContext; errors: string[] }>
  close(): Promise<void>
}

/** A real server (embedded PGlite on a fresh DATA_DIR, demo data, the built web app) and a real Chromium. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-e2e-'))
  // the port is known before the app is built: sign-in trusts exactly the origin the browser uses (PUBLIC_URL)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    // WEB_DIST lets parallel runs test their own build of the web app
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...env,
  })
  const app = await buildApp(config)
  await app.listen({ port, host: '127.0.0.1' })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  })
  return {
    baseUrl,
    app,
    browser,
    dataDir,
    async newPage(viewport = 'desktop') {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[viewport] })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (err) => errors.push(err.message))
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
      })
      return { page, context, errors }
    },
    async close() {
      await browser.close()
      await app.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** axe on the current page; returns the serious and critical violations (expect none). */
export async function seriousA11yViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

export async function screenshot(page: Page, name: string) {
  await mkdir(ARTIFACTS, { recursive: true })
  const file = path.join(ARTIFACTS, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
