// `npm run lighthouse`: builds nothing itself (the npm script builds first); starts the real server with demo
// data on a fresh DATA_DIR, runs Lighthouse (mobile, default config) on the pages below in the system Chromium,
// and prints the scores plus the gzip size of the JavaScript each page loads.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = path.join(root, 'apps/web/dist')
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/').split(',')
// docs/decisions/003: the home page loads at most 120 KB of gzip JavaScript (1 KB = 1024 bytes); other pages 150 KB.
const budgetKb = (page: string) => (page === '/' ? 120 : 150)

function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'info',
        RATE_LIMIT_FACTOR: '1000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (m) resolve({ child, port: Number(m[1]) })
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out.slice(-500)}`)))
  })
}

/** gzip bytes of the JS a page loaded, from the precompressed files the server sends. */
function gzipBytesOfScripts(urls: string[]): number {
  let total = 0
  for (const u of urls) {
    const file = path.join(dist, new URL(u).pathname)
    total += existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : existsSync(file) ? statSync(file).size : 0
  }
  return total
}

async function audit(url: string, port: number) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' })
    const lhr = result?.lhr
    if (lhr && !lhr.runtimeError) return lhr
    console.warn(`  Lighthouse attempt ${attempt} failed: ${lhr?.runtimeError?.code ?? 'no result'}; retrying`)
  }
  throw new Error(`Lighthouse failed three times on ${url}`)
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preloved-lh-'))
  const server = await startServer(dataDir)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  })
  const rows: Record<string, string | number>[] = []
  let failed = false
  try {
    for (const page of PAGES) {
      const url = `http://127.0.0.1:${server.port}${page}`
      console.info(`Lighthouse (mobile) on ${page}…`)
      const lhr = await audit(url, chrome.port)
      const requests =
        (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })?.items ?? []
      const scripts = requests.filter(
        (r) => r.resourceType === 'Script' && r.url.startsWith(`http://127.0.0.1:${server.port}/`),
      )
      const jsKb = gzipBytesOfScripts(scripts.map((s) => s.url)) / 1024
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      rows.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'LCP ms': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        'JS files': scripts.length,
        'JS gzip KB': Number(jsKb.toFixed(1)),
      })
      const budget = budgetKb(page)
      rows[rows.length - 1]!['JS budget KB'] = budget
      if (jsKb > budget) {
        failed = true
        console.error(`  ${page} loads ${jsKb.toFixed(1)} KB of gzip JavaScript: over its ${budget} KB budget`)
      }
    }
  } finally {
    await chrome.kill()
    server.child.kill('SIGTERM')
  }
  console.table(rows)
  console.info(`JS budget (120 KB gzip for /, 150 KB for other pages)${failed ? ' — EXCEEDED' : ' — met'}`)
  await new Promise((r) => setTimeout(r, 500))
  await rm(dataDir, { recursive: true, force: true })
  if (failed) process.exit(1)
}

await main()
