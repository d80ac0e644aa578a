import { z } from 'zod'
import './zod-config.ts'
import { messages } from './messages.ts'

const text = (required: string, max: number, field: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${field} must be at most ${max} characters`)

/**
 * A delivery address (docs/product/checkout.md#delivery-address: `{ name, line1, line2?, city, postcode, country, phone }`): sent as `address`
 * on POST /api/create-payment-intent and PUT /api/orders/{id}/address, and kept as a saved address. `country` is an
 * ISO 3166-1 alpha-2 code, upper-cased.
 */
export const addressSchema = z.object({
  name: text(messages.addresses.nameRequired, 80, 'name'),
  line1: text(messages.addresses.line1Required, 120, 'line1'),
  line2: z
    .string()
    .trim()
    .max(120, 'line2 must be at most 120 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  city: text(messages.addresses.cityRequired, 80, 'city'),
  postcode: text(messages.addresses.postcodeRequired, 16, 'postcode').regex(
    /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u,
    messages.addresses.postcodeInvalid,
  ),
  country: z
    .string({ error: messages.addresses.countryRequired })
    .trim()
    .min(1, messages.addresses.countryRequired)
    .regex(/^[A-Za-z]{2}$/, messages.addresses.countryInvalid)
    .transform((v) => v.toUpperCase()),
  phone: z
    .string({ error: messages.addresses.phoneRequired })
    .trim()
    .min(1, messages.addresses.phoneRequired)
    .regex(/^\+?[0-9 ()-]{5,30}$/, messages.addresses.phoneInvalid),
})
export type Address = z.infer<typeof addressSchema>

/** A saved address as the API answers it (GET /api/addresses). */
export const savedAddressSchema = addressSchema.extend({
  _id: z.string(),
  isDefault: z.boolean(),
})
export type SavedAddress = z.infer<typeof savedAddressSchema>

/** POST /api/addresses and PUT /api/addresses/{id}: an address, optionally made the default. */
export const saveAddressBodySchema = addressSchema.extend({ isDefault: z.boolean().optional() })
export type SaveAddressBody = z.infer<typeof saveAddressBodySchema>

/** At most this many saved addresses per account. */
export const MAX_SAVED_ADDRESSES = 10
