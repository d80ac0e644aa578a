import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { FastifyInstance } from 'fastify'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { buildApp } from '../apps/server/src/app.ts'
import { CHROMIUM_FLAGS, E2E_BROWSER_PATH } from '../scripts/chromium.ts'
import { copyDemoTemplate, e2eConfig, seedInputs } from './demo-template.ts'

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

/**
 * A real server (embedded PGlite on a fresh DATA_DIR, demo data, the built web app) and a real Chromium. `clock`
 * gives the server its time (a test moves it past a deadline instead of waiting); the wall clock by default. The demo
 * data comes as a copy of the run's seeded folder (global-setup.ts) unless `env` changes what the seed writes.
 */
export async function startHarness(
  env: Record<string, string> = {},
  opts: { clock?: () => number } = {},
): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-e2e-'))
  // the port is known before the app is built: sign-in trusts exactly the origin the browser uses (PUBLIC_URL)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const config = e2eConfig(dataDir, { PORT: String(port), PUBLIC_URL: baseUrl, ...env })
  const template = inject('e2eDemoTemplate')
  // the server finds its demo data there and seeds nothing
  if (config.DEMO_DATA && template?.inputs === seedInputs(config)) await copyDemoTemplate(template, dataDir)
  const app = await buildApp(config, opts.clock ? { clock: opts.clock } : {})
  await app.listen({ port, host: '127.0.0.1' })
  const browser = await chromium.launch({
    executablePath: E2E_BROWSER_PATH,
    args: CHROMIUM_FLAGS,
  })
  browsers.add(browser)
  return {
    baseUrl,
    app,
    browser,
    dataDir,
    async newPage(viewport = 'desktop') {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[viewport] })
      const page = await context.newPage()
      // A page arrives rendered by the server; its buttons work once the JavaScript has hydrated it. Loading a page
      // waits for that, as a person waits for a page to be ready before using it.
      const goto = page.goto.bind(page)
      page.goto = async (url, options) => {
        const res = await goto(url, options)
        if (res?.headers()['content-type']?.startsWith('text/html')) await waitForHydration(page)
        return res
      }
      const errors: string[] = []
      page.on('pageerror', (err) => errors.push(err.message))
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
      })
      return { page, context, errors }
    },
    async close() {
      browsers.delete(browser)
      await browser.close()
      await app.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The page's JavaScript has taken over the server's HTML (app/root.tsx marks <html data-hydrated>). A page whose
 * scripts wait for the visitor to act (app/hydrate-on-intent.ts, its template `deferred-scripts`) is acted on first,
 * as a key pressed: nothing on the page is touched.
 */
export async function waitForHydration(page: Page) {
  await page.evaluate(() => {
    if (document.getElementById('deferred-scripts')) dispatchEvent(new KeyboardEvent('keydown'))
  })
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
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

// Transitions and animations end at once, so that axe sees each screen as it settles (a dialog fading in, or a toast
// fading out, would otherwise show low contrast for a moment).
const NO_MOTION =
  '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;transition-duration:0s!important;transition-delay:0s!important}'

/** Ends every animation on the page and waits two frames, so what axe or a screenshot sees is the settled screen. */
export async function stopMotion(page: Page) {
  await page.addStyleTag({ content: NO_MOTION })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/**
 * axe run in the page itself (`axe.run`, AxeBuilder's legacy mode). The default mode runs each frame's part, then
 * opens a blank page of its own to put the parts together, injecting axe there again: half of each check's time, for
 * pages that have no cross-origin frames to look into (measured in decision 037). Only violations are read, so axe is
 * asked to give the nodes of nothing else (`resultTypes`): a third less time per check, the same violations.
 */
const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] })

/** axe on the current page; returns the serious and critical violations (expect none). */
export async function seriousA11yViolations(page: Page) {
  await stopMotion(page)
  const result = await axeOn(page).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

/**
 * Screenshots are taken only when asked for (`E2E_SCREENSHOTS=1`), for a person to look at: no test reads them. A test
 * that fails photographs its open pages anyway (setup.ts).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1'

/** The browsers of the harnesses started and not yet closed (a failed test's pages are among their pages). */
const browsers = new Set<Browser>()

/**
 * Every page still open in this file's browsers as e2e/artifacts/failed/NAME-N.png, whatever E2E_SCREENSHOTS says:
 * what the screen showed when a test failed. A page that cannot be photographed (closed, hung) is passed over.
 */
export async function photographOpenPages(name: string): Promise<string[]> {
  const dir = path.join(ARTIFACTS, 'failed')
  const pages = [...browsers].flatMap((b) => b.contexts().flatMap((c) => c.pages()))
  if (pages.length === 0) return []
  await mkdir(dir, { recursive: true })
  const files: string[] = []
  for (const [i, page] of pages.entries()) {
    const file = path.join(dir, `${name}-${i + 1}.png`)
    const taken = await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(
      () => true,
      () => false,
    )
    if (taken) files.push(file)
  }
  return files
}

/** The README's pictures (docs/screenshots), written there too when screenshots are asked for. */
const README_SHOTS = fileURLToPath(new URL('../docs/screenshots', import.meta.url))
const IN_README = new Set(['home-desktop', 'home-phone'])

/**
 * The whole scrolled page (or what the screen shows, `fullPage: false`; or one element, `of`) as
 * e2e/artifacts/NAME.png, once its motion has stopped; nothing unless E2E_SCREENSHOTS=1. Answers the file written.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, of }: { fullPage?: boolean; of?: Locator } = {},
): Promise<string | undefined> {
  if (!SCREENSHOTS) return undefined
  await stopMotion(page)
  await mkdir(ARTIFACTS, { recursive: true })
  const file = path.join(ARTIFACTS, `${name}.png`)
  if (of) await of.screenshot({ path: file })
  else await page.screenshot({ path: file, fullPage })
  if (IN_README.has(name)) await copyFile(file, path.join(README_SHOTS, `${name}.png`))
  return file
}

/** The demo accounts (apps/server demo data); they all use DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'Demo#2026'
export const DEMO = {
  customer: 'emma.wilson@demo.preloved.test',
  otherCustomer: 'noah.patel@demo.preloved.test',
  verifiedSeller: 'amelia.hart@demo.preloved.test',
  unverifiedSeller: 'liam.chen@demo.preloved.test',
  admin: 'admin@demo.preloved.test',
} as const

/**
 * Signs in through the login form, as a shopper does: opens /login (unless `open: false`, when a guarded page has
 * already sent the browser there), submits, then waits for `landing` (home unless told) and the stored token (on a
 * phone the header's Dashboard link sits in the collapsed menu, so the token is the sign that the sign-in finished).
 * `landing: false` only submits, for a sign-in that is to be refused.
 */
export async function logIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  { open = true, landing = '/' }: { open?: boolean; landing?: string | false } = {},
) {
  if (open) await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'LOGIN' }).click()
  if (landing === false) return
  await page.waitForURL((url) => url.pathname === landing)
  await page.waitForFunction(() => localStorage.getItem('accessToken') !== null)
}

/**
 * Signs in without the login screen, for a test about something else: the sign-in API sets the session cookie in the
 * page's context and the API token is stored where the login screen stores it, as the login screen does it (POST
 * /api/auth/sign-in/email, then GET /api/jwt). The page is left on a plain-text page of the shop (the token belongs
 * to its origin); the test opens the page it is about. Signing in through the form is what auth.test.ts proves.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/robots.txt')
  const origin = new URL(page.url()).origin
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin },
  })
  if (!signedIn.ok()) throw new Error(`signing in ${email} answered ${signedIn.status()}: ${await signedIn.text()}`)
  const issued = await page.request.get(`/api/jwt?${new URLSearchParams({ email })}`)
  if (!issued.ok()) throw new Error(`the API token for ${email} answered ${issued.status()}: ${await issued.text()}`)
  const { accessToken } = (await issued.json()) as { accessToken: string }
  await page.evaluate((token) => localStorage.setItem('accessToken', token), accessToken)
}

/** The API as the signed-in page sees it (its stored bearer token); `init` as for fetch. */
export async function apiAs<T>(page: Page, url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ u, method, body }) => {
      const token = localStorage.getItem('accessToken')
      const headers: Record<string, string> = { authorization: `Bearer ${token}` }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(u, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return res.json()
    },
    { u: url, method: init.method ?? 'GET', body: init.body },
  )
}

/** What the screen shows (a modal over the page), not the whole scrolled page; nothing unless E2E_SCREENSHOTS=1. */
export const viewportShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false })

/** The rule sets axe checks in allA11yViolations: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and best practices. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice']

/** axe on the current page; every violation of any impact (expect none), one line each with the nodes' targets. */
export async function allA11yViolations(page: Page) {
  await stopMotion(page)
  const result = await axeOn(page).withTags(A11Y_TAGS).analyze()
  return result.violations.map(
    (v) => `${v.id} [${v.impact}]: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
}

/** Resolves once the page's live stream (GET /api/events) has answered: events published from then on reach it. */
export const liveStream = (page: Page) =>
  page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200)

/** Marks the page's window: `stayed(page)` is true for as long as the page was not loaded again. */
export const markStay = (page: Page) =>
  page.evaluate(() => {
    ;(window as unknown as { stayed: boolean }).stayed = true
  })
export const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)
