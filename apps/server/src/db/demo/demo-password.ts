import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../../plugins/config.ts'
import { DEMO_PASSWORD } from './demo-data.ts'

/** The file beside `auth-secret` that keeps a production instance's demo password. */
export const DEMO_PASSWORD_FILE = 'demo-password'

/** Where a production instance's demo password is kept (the log names it; the password itself is never logged). */
export const demoPasswordFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, DEMO_PASSWORD_FILE)

/**
 * The demo accounts' password: the README's DEMO_PASSWORD for a local demo; in production mode (demo data asked for
 * with DEMO_DATA=on) one generated once per data folder and kept in DATA_DIR/demo-password (mode 0600), so that no
 * public instance has an admin with a published password.
 */
export function demoPassword(config: Pick<Config, 'production' | 'dataDir'>): string {
  if (!config.production) return DEMO_PASSWORD
  const file = demoPasswordFile(config)
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 16) return existing
  } catch {
    // first start: generate below
  }
  // 16 random bytes, plus what the sign-up rule asks for (an uppercase letter, a digit and one of ! @ # $ & *)
  const password = `${randomBytes(16).toString('base64url')}#A7`
  mkdirSync(config.dataDir, { recursive: true })
  writeFileSync(file, password, { mode: 0o600 })
  // `mode` applies only to a file it creates: one left over (too short to use) keeps its own otherwise
  chmodSync(file, 0o600)
  return password
}
