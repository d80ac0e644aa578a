import { type Address, MAX_SAVED_ADDRESSES, type SaveAddressBody } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import { lockCustomer } from '../bookings/bookings.repository.ts'
import {
  clearDefaultOf,
  countAddressesOf,
  deleteAddressRow,
  insertAddress,
  lockAddressOf,
  promoteNewest,
  updateAddressRow,
} from './addresses.repository.ts'

// Every write takes the account's row lock first: the cap of MAX_SAVED_ADDRESSES and the one default per account
// are decided one request at a time (two tabs, or a payment saving its address), on PGlite and PostgreSQL alike;
// the partial unique index over the default is the last word.

const split = ({ isDefault, ...address }: SaveAddressBody) => ({ address: address as Address, isDefault })

/** POST /api/addresses: at most MAX_SAVED_ADDRESSES; the first one, or one sent with isDefault, is the default. */
export function createAddress(db: Db, userId: string, body: SaveAddressBody, now: Date) {
  const { address, isDefault } = split(body)
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId)
    const n = await countAddressesOf(tx, userId)
    if (n >= MAX_SAVED_ADDRESSES) throw new AppError(409, messages.addresses.tooManyAddresses)
    const makeDefault = n === 0 || isDefault === true
    if (makeDefault) await clearDefaultOf(tx, userId)
    return insertAddress(tx, userId, address, makeDefault, now)
  })
}

/**
 * PUT /api/addresses/{id}: the whole address again; isDefault true makes it the default, false takes the mark off,
 * absent keeps it as it is. Someone else's or an unknown address → 404.
 */
export function updateAddress(db: Db, userId: string, id: string, body: SaveAddressBody) {
  const { address, isDefault } = split(body)
  if (!isUuid(id)) throw new AppError(404, messages.addresses.addressNotFound)
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId)
    const current = await lockAddressOf(tx, userId, id)
    if (!current) throw new AppError(404, messages.addresses.addressNotFound)
    const makeDefault = isDefault ?? current.isDefault
    if (makeDefault) await clearDefaultOf(tx, userId, id)
    return updateAddressRow(tx, id, address, makeDefault)
  })
}

/** DELETE /api/addresses/{id}: when the default goes, the newest address left becomes the default. */
export function deleteAddress(db: Db, userId: string, id: string) {
  if (!isUuid(id)) throw new AppError(404, messages.addresses.addressNotFound)
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId)
    const current = await lockAddressOf(tx, userId, id)
    if (!current) throw new AppError(404, messages.addresses.addressNotFound)
    const deleted = await deleteAddressRow(tx, id)
    if (current.isDefault) await promoteNewest(tx, userId)
    return deleted.length
  })
}
