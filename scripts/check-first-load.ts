// `npm run check:first-load` (node --import tsx scripts/check-first-load.ts), after `npm run build`: follows the
// static imports of the category, product and payment pages' first load in the Vite manifest
// (apps/web/dist/.vite/manifest.json) and exits non-zero, printing the import chain, when one of them reaches zod or
// react-hot-toast (docs/decisions/010). Both are their own named chunks (`codeSplitting.groups` in
// apps/web/vite.config.ts; zod's form resolver is a module named zod), so a chunk named `zod` or `toast` is one of
// them. Prints the gzip JavaScript each page loads (the .gz files the build writes; 1 KB = 1024 bytes).
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants, gzipSync } from 'node:zlib'
import { pageModules } from '../apps/web/src/app/page-modules.ts'

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[] }
export type Manifest = Record<string, ManifestChunk>

/**
 * Each page: the entry (index.html) and the lazy modules react-router loads for it, as the web app lists them for the
 * server's modulepreload links (apps/web/src/app/page-modules.ts).
 */
const CHECKED = ['/category/:id', '/product/:id', '/dashboard/payment/:id']
export const PAGES: Record<string, string[]> = Object.fromEntries(
  CHECKED.map((page) => [page, ['index.html', ...(pageModules[page] ?? [])]]),
)

/** Chunks no first load may reach: zod (and its form resolver) and react-hot-toast (and @/lib/toast). */
export const FORBIDDEN = new Set(['zod', 'toast'])

export type PageReport = {
  page: string
  /** Every chunk the page loads before it renders (manifest keys), the roots first. */
  chunks: string[]
  /** One import chain (manifest keys, root first) per forbidden chunk reached. */
  violations: string[][]
}

/** The static closure of a page's roots, with one shortest import chain to each forbidden chunk it reaches. */
export function checkPage(manifest: Manifest, page: string, roots: string[]): PageReport {
  const parent = new Map<string, string | undefined>()
  const queue: string[] = []
  for (const root of roots) {
    if (!manifest[root]) throw new Error(`${root} is not in the manifest: was it renamed? (update PAGES)`)
    if (parent.has(root)) continue // several of the page's modules in one (grouped) chunk
    parent.set(root, undefined)
    queue.push(root)
  }
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i]!
    for (const imported of manifest[key]?.imports ?? []) {
      if (parent.has(imported)) continue
      parent.set(imported, key)
      queue.push(imported)
    }
  }
  const forbidden = (key: string) => FORBIDDEN.has(manifest[key]?.name ?? '')
  const violations: string[][] = []
  for (const key of queue.filter(forbidden)) {
    const chain: string[] = []
    for (let at: string | undefined = key; at !== undefined; at = parent.get(at)) chain.unshift(at)
    // react-hot-toast reached through @/lib/toast (both named toast): the first one is the finding
    if (!chain.slice(0, -1).some(forbidden)) violations.push(chain)
  }
  return { page, chunks: queue, violations }
}

/** The gzip size of a built file: its .gz sibling (npm run build writes them), else compressed here alike. */
function gzipBytes(dist: string, file: string): number {
  const gz = path.join(dist, `${file}.gz`)
  if (existsSync(gz)) return statSync(gz).size
  return gzipSync(readFileSync(path.join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length
}

/**
 * The build's manifest, and the manifest key of each page module: its own, or (a module grouped into a shared chunk
 * by vite.config.ts has none) that chunk's, from the map the build writes beside the manifest.
 */
export function loadBuild(dist: string): { manifest: Manifest; keyOf(module: string): string } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest
  const chunkOf = JSON.parse(readFileSync(path.join(dist, '.vite/module-chunks.json'), 'utf8')) as Record<
    string,
    string
  >
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
  return {
    manifest,
    keyOf: (module) => (manifest[module] ? module : (keyOfFile.get(chunkOf[module] ?? '') ?? module)),
  }
}

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url))

function main(): void {
  const dist = WEB_DIST
  const manifestPath = path.join(dist, '.vite/manifest.json')
  if (!existsSync(manifestPath)) {
    console.error(`check-first-load: ${manifestPath} does not exist; run npm run build first`)
    process.exit(2)
  }
  const { manifest, keyOf } = loadBuild(dist)
  const label = (key: string) => `${manifest[key]?.file ?? key}${manifest[key]?.src ? ` (${manifest[key].src})` : ''}`
  let failed = false
  for (const [page, roots] of Object.entries(PAGES)) {
    const report = checkPage(manifest, page, roots.map(keyOf))
    const files = report.chunks.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'))
    const kb = files.reduce((sum, file) => sum + gzipBytes(dist, file), 0) / 1024
    console.info(`${page}: ${files.length} JS files, ${kb.toFixed(1)} KB gzip`)
    for (const chain of report.violations) {
      failed = true
      const name = manifest[chain.at(-1)!]!.name
      console.error(`  ${page}: ${name} on the first load:\n    ${chain.map(label).join('\n    -> ')}`)
    }
  }
  if (failed) {
    console.error('check-first-load: zod or react-hot-toast is part of a first load (see the chains above)')
    process.exit(1)
  }
  console.info('check-first-load: no zod and no react-hot-toast on these pages’ first load')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main()
