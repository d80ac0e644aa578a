import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../src/db/client.ts'
import { users } from '../src/db/schema/index.ts'

/** `npm run admin -- …` as its own process, as an operator runs it, and what it leaves in the database. */
const root = fileURLToPath(new URL('../../..', import.meta.url))
export const serverDir = fileURLToPath(new URL('..', import.meta.url))
export const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }

export function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: root,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString()
  })
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString()
  })
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })))
}

export const roleOf = async (url: string | undefined, dataDir: string, email: string) => {
  const database = await openDatabase(url, dataDir)
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email))
    return { role: row?.role, emailVerified: row?.emailVerified }
  } finally {
    await database.close()
  }
}
