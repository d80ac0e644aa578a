import {
  COLOURS,
  type Colour,
  INCLUDES,
  MATERIALS,
  MAX_PHOTOS,
  type Material,
  MEASUREMENT_LABELS,
  MEASUREMENT_MAX_CM,
  MEASUREMENT_MIN_CM,
  MEASUREMENTS,
  type Measurement,
  WEAR_AREA_LABELS,
  WEAR_AREAS,
  WEAR_NOTE_MAX,
  type WearArea,
} from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import {
  type CreateProductBody,
  MAX_SHIPPING,
  type Product,
  productFields,
  type UpdateProductBody,
} from '@preloved/shared/products'
import type { FieldPath } from 'react-hook-form'
import { z } from 'zod'

const m = messages.listingForm

/** One photo of the form: chosen here and uploading, uploaded, failed, or already on the listing (edit). */
export type PhotoItem = {
  key: string
  /** What the tile shows: the chosen file (an object URL) or the stored thumbnail. */
  preview: string
  status: 'uploading' | 'done' | 'failed'
  /** The share sent so far, 0–1. */
  progress: number
  url?: string
  error?: string
  /** Kept for Retry after a failed upload. */
  file?: File
}

const measurement = (name: Measurement) => {
  const label = MEASUREMENT_LABELS[name]
  const range = m.measurementRange(label, MEASUREMENT_MIN_CM, MEASUREMENT_MAX_CM)
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : Number(v)),
    z
      .number({ error: range })
      .min(MEASUREMENT_MIN_CM, range)
      .max(MEASUREMENT_MAX_CM, range)
      .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, m.measurementDecimals(label))
      .optional(),
  )
}

const byKey = <K extends string, S extends z.ZodType>(keys: readonly K[], schema: (key: K) => S) =>
  z.object(Object.fromEntries(keys.map((key) => [key, schema(key)])) as Record<K, S>)

/**
 * The Add Product and Edit form: the original fields with their messages (shared), and the details of docs/product/listings.md#fields, of which the
 * form requires brand, colour, material and a photo (the API leaves them optional for the original call).
 */
export const listingFormSchema = z
  .object({
    ...(({ img: _img, ...fields }) => fields)(productFields),
    brand: z.string({ error: m.brandRequired }).min(1, m.brandRequired),
    colour: z.string({ error: m.colourRequired }).pipe(z.enum(COLOURS, { error: m.colourRequired })),
    material: z.string({ error: m.materialRequired }).pipe(z.enum(MATERIALS, { error: m.materialRequired })),
    wear: byKey(WEAR_AREAS, (area) =>
      z.string().trim().max(WEAR_NOTE_MAX, m.wearTooLong(WEAR_AREA_LABELS[area], WEAR_NOTE_MAX)),
    ),
    measurements: byKey(MEASUREMENTS, measurement),
    includes: z.array(z.enum(INCLUDES)),
    photos: z
      .array(z.custom<PhotoItem>())
      .min(1, messages.products.imageRequired)
      .max(MAX_PHOTOS, m.tooManyPhotos(MAX_PHOTOS))
      .superRefine((photos, ctx) => {
        if (photos.some((p) => p.status === 'uploading')) ctx.addIssue({ code: 'custom', message: m.photosUploading })
        else if (photos.some((p) => p.status === 'failed')) ctx.addIssue({ code: 'custom', message: m.photosFailed })
      }),
    /** Free shipping (the default), or the price in `shipping`. */
    freeShipping: z.boolean(),
    shipping: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.freeShipping) return
    const text = values.shipping.trim()
    const amount = Number(text)
    if (text === '') ctx.addIssue({ code: 'custom', path: ['shipping'], message: m.shippingRequired })
    else if (
      !Number.isFinite(amount) ||
      amount <= 0 ||
      amount > MAX_SHIPPING ||
      Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6
    )
      ctx.addIssue({ code: 'custom', path: ['shipping'], message: m.shippingRange(MAX_SHIPPING) })
  })
export type ListingFormInput = z.input<typeof listingFormSchema>
export type ListingFormValues = z.output<typeof listingFormSchema>

const emptyByKey = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, ''])) as Record<K, string>

/** A new listing: the original first condition and category chosen, everything else empty. */
export const emptyListing = (): ListingFormInput => ({
  title: '',
  phone: '',
  original_price: '',
  resell_price: '',
  location: '',
  year: '',
  condition: 'excellent',
  category: 'Shoulder',
  description: '',
  specialty: '',
  brand: '',
  colour: '',
  material: '',
  wear: emptyByKey(WEAR_AREAS),
  measurements: emptyByKey(MEASUREMENTS),
  includes: [],
  photos: [],
  freeShipping: true,
  shipping: '',
})

/** The form filled from a listing, for Edit. */
export const listingToForm = (product: Product): ListingFormInput => ({
  title: product.title,
  phone: product.phone ?? '',
  original_price: String(product.original_price),
  resell_price: String(product.resell_price),
  location: product.location,
  year: product.year,
  condition: product.condition,
  category: product.category,
  description: product.description,
  specialty: product.specialty,
  brand: product.brandSlug ?? '',
  colour: product.colour ?? '',
  material: product.material ?? '',
  wear: Object.fromEntries(WEAR_AREAS.map((area) => [area, product.wear[area] ?? ''])) as Record<WearArea, string>,
  measurements: Object.fromEntries(
    MEASUREMENTS.map((name) => [name, product.measurements[name]?.toString() ?? '']),
  ) as Record<Measurement, string>,
  includes: [...product.includes],
  photos: product.photos.map((photo, i) => ({
    key: `stored-${i}`,
    preview: photo.thumb,
    status: 'done',
    progress: 1,
    url: photo.url,
  })),
  freeShipping: product.shipping === 0,
  shipping: product.shipping === 0 ? '' : String(product.shipping),
})

const definedEntries = <T>(record: Record<string, T | undefined>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined && v !== '')) as Record<string, T>

/** The listing as POST /api/categoryDetails takes it: the cover is also the original `img`. */
export function formToBody(values: ListingFormValues) {
  const { photos, wear, measurements, specialty, includes, freeShipping, shipping, ...fields } = values
  const urls = photos.map((photo) => ({ url: photo.url ?? '' }))
  return {
    ...fields,
    specialty: specialty ?? '',
    // in the list's own order, whatever order they were ticked in
    includes: INCLUDES.filter((item) => includes.includes(item)),
    img: urls[0]?.url ?? '',
    photos: urls,
    wear: definedEntries(wear),
    measurements: definedEntries(measurements),
    shipping: freeShipping ? 0 : Number(shipping),
  } satisfies CreateProductBody
}

/** A listing as formToBody would make it, to tell what an edit changed. */
export const productToBody = (product: Product): ReturnType<typeof formToBody> => ({
  title: product.title,
  phone: product.phone ?? '',
  original_price: product.original_price,
  resell_price: product.resell_price,
  location: product.location,
  year: product.year,
  condition: product.condition,
  category: product.category,
  description: product.description,
  specialty: product.specialty,
  brand: product.brandSlug ?? '',
  colour: product.colour as Colour,
  material: product.material as Material,
  includes: INCLUDES.filter((item) => product.includes.includes(item)),
  img: product.img,
  photos: product.photos.map(({ url }) => ({ url })),
  wear: definedEntries(product.wear),
  measurements: definedEntries(product.measurements),
  shipping: product.shipping,
})

/**
 * What Edit sends: only the fields that differ from the listing as it was (PATCH). The cover travels in `photos`;
 * `img` follows it on the server.
 */
export function changedFields(before: ReturnType<typeof formToBody>, after: ReturnType<typeof formToBody>) {
  const { img: _img, ...fields } = after
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
    ),
  ) as UpdateProductBody
}

/** The body's fields that are the form's own fields of the same name. */
const SAME_NAMED = [
  'title',
  'phone',
  'original_price',
  'resell_price',
  'location',
  'year',
  'condition',
  'category',
  'description',
  'specialty',
  'brand',
  'colour',
  'material',
  'includes',
  'shipping',
] as const satisfies readonly FieldPath<ListingFormInput>[]

/**
 * The form field a server 400 is about, from the field it names (its `field`: the body's path, such as
 * "resell_price", "measurements.width" or "photos.2.url"); undefined when the form shows no such field. The
 * message is never read for this.
 */
export function formFieldOf(field: string | undefined): FieldPath<ListingFormInput> | undefined {
  if (!field) return undefined
  const [head, sub] = field.split('.')
  if (head === 'img' || head === 'photos') return 'photos'
  if (head === 'measurements')
    return (MEASUREMENTS as readonly string[]).includes(sub ?? '')
      ? `measurements.${sub as (typeof MEASUREMENTS)[number]}`
      : undefined
  return SAME_NAMED.find((name) => name === head)
}
