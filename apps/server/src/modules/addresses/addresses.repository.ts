import { type Address, MAX_SAVED_ADDRESSES, type SavedAddress } from '@preloved/shared/addresses'
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { savedAddresses } from '../../db/schema/index.ts'

export type SavedAddressRow = typeof savedAddresses.$inferSelect

/** The address fields of a row (line2 only when there is one), as docs/product/checkout.md#delivery-address shapes an address. */
export function toAddress(row: Pick<SavedAddressRow, keyof Address>): Address {
  return {
    name: row.name,
    line1: row.line1,
    line2: row.line2 ?? undefined,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    phone: row.phone,
  }
}

export const toSavedAddressJson = (row: SavedAddressRow): SavedAddress => ({
  _id: row.id,
  ...toAddress(row),
  isDefault: row.isDefault,
})

/** The columns an address writes (line2 null when absent). */
export const addressColumns = (a: Address) => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2 ?? null,
  city: a.city,
  postcode: a.postcode,
  country: a.country,
  phone: a.phone,
})

/** A user's saved addresses: the default first, then the newest. */
export const listAddressesOf = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt), desc(savedAddresses.id))

export async function countAddressesOf(tx: DbOrTx, userId: string) {
  const [row] = await tx.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, userId))
  return row?.n ?? 0
}

/** One of the user's addresses, row-locked for the rest of the transaction; undefined when unknown or someone else's. */
export async function lockAddressOf(tx: DbOrTx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .for('update')
  return row
}

/** The user's saved address equal to `a` field for field (line2 absent = empty), if any. */
export async function findSameAddress(tx: DbOrTx, userId: string, a: Address) {
  const c = addressColumns(a)
  const [row] = await tx
    .select()
    .from(savedAddresses)
    .where(
      and(
        eq(savedAddresses.userId, userId),
        eq(savedAddresses.name, c.name),
        eq(savedAddresses.line1, c.line1),
        c.line2 === null ? isNull(savedAddresses.line2) : eq(savedAddresses.line2, c.line2),
        eq(savedAddresses.city, c.city),
        eq(savedAddresses.postcode, c.postcode),
        eq(savedAddresses.country, c.country),
        eq(savedAddresses.phone, c.phone),
      ),
    )
    .limit(1)
  return row
}

/** Takes the default mark from every address of the user but `except` (before marking one: the index allows one). */
export const clearDefaultOf = (tx: DbOrTx, userId: string, except?: string) =>
  tx
    .update(savedAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(savedAddresses.userId, userId),
        eq(savedAddresses.isDefault, true),
        except ? ne(savedAddresses.id, except) : undefined,
      ),
    )

export async function insertAddress(tx: DbOrTx, userId: string, a: Address, isDefault: boolean, now: Date) {
  const [row] = await tx
    .insert(savedAddresses)
    .values({ userId, ...addressColumns(a), isDefault, createdAt: now })
    .returning()
  return row!
}

export async function updateAddressRow(tx: DbOrTx, id: string, a: Address, isDefault: boolean) {
  const [row] = await tx
    .update(savedAddresses)
    .set({ ...addressColumns(a), isDefault })
    .where(eq(savedAddresses.id, id))
    .returning()
  return row!
}

export async function deleteAddressRow(tx: DbOrTx, id: string) {
  return tx.delete(savedAddresses).where(eq(savedAddresses.id, id)).returning({ id: savedAddresses.id })
}

/** Marks the user's newest address the default when none is (after the default one was deleted). */
export async function promoteNewest(tx: DbOrTx, userId: string) {
  await tx.execute(sql`
    update ${savedAddresses} set is_default = true
    where id = (
      select id from ${savedAddresses}
      where user_id = ${userId}
        and not exists (select 1 from ${savedAddresses} d where d.user_id = ${userId} and d.is_default)
      order by created_at desc, id desc limit 1
    )`)
}

/**
 * The address a buyer paid with and asked to keep ("Save this address"), inside the caller's transaction (which
 * holds the account's lock): an identical saved address is kept as it is; a full book (MAX_SAVED_ADDRESSES) keeps
 * the payment going without saving. Answers whether the address is among the saved ones now.
 */
export async function keepPaymentAddress(tx: DbOrTx, userId: string, address: Address, now: Date) {
  if (await findSameAddress(tx, userId, address)) return true
  const n = await countAddressesOf(tx, userId)
  if (n >= MAX_SAVED_ADDRESSES) return false
  await insertAddress(tx, userId, address, n === 0, now)
  return true
}
