import type { Database } from '../src/db/client.ts'

/** The driver under drizzle (PGlite or the pg pool): what a statement's text and parameters are sent to. */
export type DriverClient = { query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }
export const driverOf = (db: Database['db']) => (db as unknown as { $client: DriverClient }).$client

type Seen = { text: string; params: unknown[] }
type Queryable = { query: (...args: unknown[]) => Promise<unknown> }

/** Records every statement sent through `target.query` into `seen`; answers the undo. */
function tap(target: Queryable, seen: Seen[]): () => void {
  const original = target.query
  target.query = (...args: unknown[]) => {
    const [query, params] = args
    const text = typeof query === 'string' ? query : (query as { text: string }).text
    seen.push({ text, params: Array.isArray(params) ? params : [] })
    return original.apply(target, args)
  }
  return () => {
    target.query = original
  }
}

/**
 * The statements `run` sends (text and parameters), caught at the driver: exactly what drizzle generated. With
 * `transactions`, those sent inside transactions too (PGlite's transaction object; a client the pg pool lends).
 */
export async function statementsOf(
  db: Database['db'],
  run: () => Promise<unknown>,
  opts: { transactions?: boolean } = {},
) {
  const client = driverOf(db) as DriverClient & {
    transaction?: (cb: (tx: Queryable) => Promise<unknown>, ...rest: unknown[]) => Promise<unknown>
    connect?: (...args: unknown[]) => Promise<Queryable & { release: (...args: unknown[]) => unknown }>
  }
  const seen: Seen[] = []
  const undo = [tap(client, seen)]
  if (opts.transactions && typeof client.transaction === 'function') {
    const original = client.transaction
    client.transaction = (cb, ...rest) =>
      original.call(
        client,
        (tx: Queryable) => {
          tap(tx, seen)
          return cb(tx)
        },
        ...rest,
      )
    undo.push(() => {
      client.transaction = original
    })
  } else if (opts.transactions && typeof client.connect === 'function') {
    const original = client.connect
    client.connect = async (...args: unknown[]) => {
      // the pool's own query() borrows a client with a callback: caught by the tap on the pool already
      if (args.length > 0) return original.apply(client, args)
      const lent = await original.apply(client, args)
      const untap = tap(lent, seen)
      const release = lent.release
      lent.release = (...a: unknown[]) => {
        untap()
        lent.release = release
        return release.apply(lent, a)
      }
      return lent
    }
    undo.push(() => {
      client.connect = original
    })
  }
  try {
    await run()
  } finally {
    for (const u of undo.reverse()) u()
  }
  return seen
}
