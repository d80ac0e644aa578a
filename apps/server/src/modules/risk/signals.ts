import { createHmac, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { accountSignals, payoutAccounts } from '../../db/schema/index.ts'

/**
 * What links two accounts to one person (docs/decisions/029): the same payout account, the same device (the shop's
 * own device-id cookie), or the same IP address within a day. Values are kept as keyed hashes, never as written.
 */
export type LinkSignal = 'payout_account' | 'device' | 'ip'

export const DEVICE_COOKIE = 'pb_device'
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/
/** A fresh device id for the cookie: 16 random bytes. */
export const newDeviceId = (): string => randomBytes(16).toString('base64url')
/** The device id a request's cookie carries, when it is one the shop could have set. */
export function deviceIdOf(cookieHeader: string | undefined): string | undefined {
  const m = cookieHeader ? new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]*)`).exec(cookieHeader) : null
  return m && DEVICE_ID.test(m[1]!) ? m[1] : undefined
}

export const signalHash = (secret: string, kind: string, value: string): string =>
  createHmac('sha256', secret).update(`${kind}:${value}`).digest('base64url')

/** Notes that `userId` was seen with a device or IP at `at` (one row per value and UTC day, its times widened). */
export async function recordSignal(db: DbOrTx, userId: string, kind: 'device' | 'ip', valueHash: string, at: Date) {
  const day = at.toISOString().slice(0, 10)
  await db
    .insert(accountSignals)
    .values({ userId, kind, valueHash, day, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [accountSignals.userId, accountSignals.kind, accountSignals.valueHash, accountSignals.day],
      set: {
        firstSeenAt: sql`least(${accountSignals.firstSeenAt}, excluded.first_seen_at)`,
        lastSeenAt: sql`greatest(${accountSignals.lastSeenAt}, excluded.last_seen_at)`,
      },
    })
}

const normalName = (name: string | null) => (name ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()

/** The signals two accounts share, in a fixed order (none: not linked). */
export async function sharedSignals(db: DbOrTx, a: string, b: string): Promise<LinkSignal[]> {
  if (a === b) return ['payout_account', 'device', 'ip']
  const found: LinkSignal[] = []
  const accounts = await db
    .select({ userId: payoutAccounts.userId, holderName: payoutAccounts.holderName, last4: payoutAccounts.last4 })
    .from(payoutAccounts)
    .where(sql`${payoutAccounts.userId} in (${a}, ${b})`)
  const [pa, pb] = [accounts.find((r) => r.userId === a), accounts.find((r) => r.userId === b)]
  if (pa?.last4 && pa.last4 === pb?.last4 && normalName(pa.holderName) === normalName(pb.holderName))
    found.push('payout_account')
  const theirs = sql.raw('s2')
  const [row] = await db
    .select({
      device: sql<boolean>`bool_or(${accountSignals.kind} = 'device')`,
      ip: sql<boolean>`bool_or(${accountSignals.kind} = 'ip')`,
    })
    .from(accountSignals)
    .where(
      and(
        eq(accountSignals.userId, a),
        sql`exists (select 1 from ${accountSignals} ${theirs}
          where ${theirs}.user_id = ${b} and ${theirs}.kind = ${accountSignals.kind} and ${theirs}.value_hash = ${accountSignals.valueHash}
            and (${accountSignals.kind} = 'device'
              or (${theirs}.first_seen_at <= ${accountSignals.lastSeenAt} + interval '1 day'
                and ${theirs}.last_seen_at >= ${accountSignals.firstSeenAt} - interval '1 day')))`,
      ),
    )
  if (row?.device) found.push('device')
  if (row?.ip) found.push('ip')
  return found
}
