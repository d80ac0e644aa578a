/**
 * `npm run admin -- grant you@example.com` / `revoke`: makes an existing account admin (its address counts as
 * confirmed) or a customer again, straight in the database: DATABASE_URL (PostgreSQL, the server may run), or the
 * embedded database in DATA_DIR/db (only while its server is stopped: PGlite takes one process at a time). DATA_DIR
 * is read as `npm start` reads it, from apps/server. Prints one line; exit code 1 on failure, 2 on bad usage.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, isNull, sql } from 'drizzle-orm'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import { DataDirInUseError } from '../apps/server/src/db/data-dir-lock.ts'
import { users } from '../apps/server/src/db/schema/index.ts'

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url))
const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>'

class Refusal extends Error {}

async function open(): Promise<{ database: Database; where: string }> {
  const url = process.env.DATABASE_URL?.trim() || undefined
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return { database: await openDatabase(url, serverDir), where: 'DATABASE_URL' }
  }
  if (url)
    throw new Refusal('DATABASE_URL must be a postgres:// URL (memory:// keeps no accounts once its server stops)')
  const dataDir = path.resolve(serverDir, process.env.DATA_DIR?.trim() || 'data')
  const dbDir = path.join(dataDir, 'db')
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new Refusal(`No embedded database in ${dbDir}: set DATA_DIR (or DATABASE_URL) as for npm start`)
  }
  try {
    return { database: await openDatabase(undefined, dataDir), where: dbDir }
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      throw new Refusal(
        `The server is running on ${dbDir} (pid ${err.pid}): stop it first, the embedded database takes one process at a time`,
      )
    }
    throw err
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, email, ...extra] = argv
  if ((command !== 'grant' && command !== 'revoke') || !email || extra.length > 0) {
    console.error(USAGE)
    return 2
  }
  let database: Database | undefined
  try {
    const opened = await open()
    database = opened.database
    const role = command === 'grant' ? 'admin' : 'customer'
    const rows = await database.db
      .update(users)
      .set(command === 'grant' ? { role, emailVerified: true, updatedAt: new Date() } : { role, updatedAt: new Date() })
      .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)))
      .returning({ email: users.email })
    if (rows.length === 0) throw new Refusal(`No account with the email ${email} in ${opened.where}: sign up first`)
    console.log(
      command === 'grant'
        ? `${rows[0]!.email} is now admin (address marked confirmed)`
        : `${rows[0]!.email} is no longer admin (now a customer)`,
    )
    return 0
  } catch (err) {
    console.error(
      err instanceof Refusal ? err.message : `Could not ${command}: ${(err as Error).message.split('\n')[0]}`,
    )
    return 1
  } finally {
    await database?.close().catch(() => {})
  }
}

process.exitCode = await main(process.argv.slice(2))
