import type { Dirent } from 'node:fs'
import { copyFile, link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildApp } from '../apps/server/src/app.ts'
import { LOCK_FILE } from '../apps/server/src/db/data-dir-lock.ts'
import { orderRulesOf } from '../apps/server/src/modules/orders/order-deps.ts'
import { type Config, loadConfig } from '../apps/server/src/plugins/config.ts'

/**
 * The demo data, seeded once per run into a data folder (the embedded database and the uploaded photos) that each
 * e2e server then starts from a copy of. Seeding takes a server start several seconds (migrations, password hashes,
 * hundreds of photos stored, orders and reviews written); copying the finished folder takes a fraction of that.
 */
export interface DemoTemplate {
  dir: string
  /** What the seed depended on (seedInputs): a server whose configuration differs seeds its own data. */
  inputs: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDemoTemplate: DemoTemplate
  }
}

/**
 * Everything of a configuration that decides what the demo seed writes: whether it seeds, the accounts' password
 * (production mode generates one) and the order rules the demo's orders are paid under. The seed's time is not in it:
 * the demo's dates are relative to when it was seeded, minutes before a test starts, as a server started earlier.
 */
export function seedInputs(config: Config): string {
  return JSON.stringify({
    demo: config.DEMO_DATA,
    production: config.production,
    rules: orderRulesOf(config),
    // where the rows and the photos are kept: the template is an embedded database and a folder of uploads
    database: config.DATABASE_URL ?? 'embedded',
    photos: config.S3_BUCKET ?? 'uploads',
  })
}

/** The configuration of an e2e server on `dataDir` (the harness's, without a port: the template is never served). */
export function e2eConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    // WEB_DIST lets parallel runs test their own build of the web app
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...env,
  })
}

/** Seeds the demo data into a new folder: a server is built on it (which seeds it) and closed. */
export async function seedDemoTemplate(): Promise<DemoTemplate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'preloved-e2e-template-'))
  const config = e2eConfig(dir)
  const app = await buildApp(config)
  await app.close()
  return { dir, inputs: seedInputs(config) }
}

/**
 * Copies the template's database into `dataDir` and links its photos there (its own auth secret and lock file stay its
 * own). Linking is safe because the image store never writes into a stored file: it writes a new one and renames it
 * over the name (image-store.ts), so a server's change never reaches the template or another server's copy. Node's
 * `fs.cp` took 2.3 s for the 2,400 files; this takes about 0.3 s.
 */
export async function copyDemoTemplate(template: DemoTemplate, dataDir: string): Promise<void> {
  const skip = new Set([path.join(template.dir, 'auth-secret'), path.join(template.dir, LOCK_FILE)])
  const photos = path.join(template.dir, 'uploads') + path.sep
  const entries = await readdir(template.dir, { recursive: true, withFileTypes: true })
  const target = (entry: Dirent) =>
    path.join(dataDir, path.relative(template.dir, path.join(entry.parentPath, entry.name)))
  for (const entry of entries) if (entry.isDirectory()) await mkdir(target(entry), { recursive: true })
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && !skip.has(path.join(entry.parentPath, entry.name)))
      .map((entry) => {
        const source = path.join(entry.parentPath, entry.name)
        return source.startsWith(photos) ? link(source, target(entry)) : copyFile(source, target(entry))
      }),
  )
}

export const removeDemoTemplate = (template: DemoTemplate) => rm(template.dir, { recursive: true, force: true })
