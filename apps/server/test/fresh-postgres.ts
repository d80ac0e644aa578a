import { randomBytes } from 'node:crypto'
import pg from 'pg'

export interface FreshDatabase {
  /** The new database's connection string (the server's, with the database's name as path). */
  url: string
  /** Drops the database, sessions still connected to it or not. */
  drop(): Promise<void>
}

/** Runs one statement on the server's own database (the one its URL names) over a connection of its own. */
async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A plain lower-case identifier: nothing to quote, nothing to inject, and within PostgreSQL's 63 bytes. */
const plainName = /^[a-z][a-z0-9_]{0,62}$/

/**
 * A fresh database on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL unless told), named
 * `<prefix>_<pid>_<random>` so that parallel test files and runs never meet: empty (migrate it yourself), or a copy of
 * the database `template` (which nobody may be connected to; see template-databases.ts). `drop()` it after.
 */
export async function freshPostgres(
  prefix: string,
  serverUrl = process.env.TEST_DATABASE_URL,
  template?: string,
): Promise<FreshDatabase> {
  if (!serverUrl) throw new Error('no PostgreSQL server: set TEST_DATABASE_URL')
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(prefix)) throw new Error(`not a database name prefix: ${prefix}`)
  if (template !== undefined && !plainName.test(template)) throw new Error(`not a database name: ${template}`)
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  await onServer(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`) }
}
