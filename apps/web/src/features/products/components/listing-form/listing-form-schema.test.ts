import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { describe, expect, it } from 'vitest'
import {
  changedFields,
  emptyListing,
  formFieldOf,
  formToBody,
  type ListingFormInput,
  listingFormSchema,
  listingToForm,
  type PhotoItem,
  productToBody,
} from './listing-form-schema'

const m = messages.listingForm

const photo = (n: number, status: PhotoItem['status'] = 'done'): PhotoItem => ({
  key: `k${n}`,
  preview: `blob:${n}`,
  status,
  progress: status === 'done' ? 1 : 0.4,
  ...(status === 'done' ? { url: `/uploads/p${n}.webp` } : {}),
})

const filled = (): ListingFormInput => ({
  ...emptyListing(),
  title: 'Classic Flap',
  phone: '+1 212 555 0100',
  original_price: '5200',
  resell_price: '3400.5',
  location: 'New York, NY',
  year: '2019',
  condition: 'good',
  category: 'Shoulder',
  description: 'Caviar leather.',
  brand: 'chanel',
  colour: 'black',
  material: 'leather',
  photos: [photo(1), photo(2)],
})

const product: Product = {
  _id: 'p1',
  title: 'Classic Flap',
  img: '/uploads/p1.webp',
  thumb: '/uploads/p1-thumb.webp',
  category: 'Shoulder',
  original_price: 5200,
  resell_price: 3400.5,
  year: '2019',
  date: '2026-11-25T10:00:00.000Z',
  location: 'New York, NY',
  seller: 'Amelia Hart',
  seller_id: 's1',
  sellerId: 's1',
  phone: '+1 212 555 0100',
  specialty: '',
  description: 'Caviar leather.',
  condition: 'good',
  advertisement: false,
  status: 'available',
  brand: 'Chanel',
  brandSlug: 'chanel',
  colour: 'black',
  material: 'leather',
  shipping: 0,
  wear: { corners: 'Light rubbing.' },
  measurements: { width: 25.5, height: 16 },
  includes: ['authenticity card', 'dust bag'],
  photos: [
    { url: '/uploads/p1.webp', thumb: '/uploads/p1-thumb.webp' },
    { url: '/uploads/p2.webp', thumb: '/uploads/p2-thumb.webp' },
  ],
  previousPrice: null,
}

const errorsOf = (values: ListingFormInput) => {
  const result = listingFormSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the listing form schema', () => {
  it('requires brand, colour, material and a photo, with their own messages, beside the original fields', () => {
    const errors = errorsOf(emptyListing())
    expect(errors).toMatchObject({
      title: messages.products.nameRequired,
      brand: m.brandRequired,
      colour: m.colourRequired,
      material: m.materialRequired,
      photos: messages.products.imageRequired,
      description: messages.products.descriptionRequired,
    })
    expect(errorsOf(filled())).toEqual({})
  })

  it('does not save while a photo uploads or after one failed', () => {
    expect(errorsOf({ ...filled(), photos: [photo(1), photo(2, 'uploading')] })).toEqual({ photos: m.photosUploading })
    expect(errorsOf({ ...filled(), photos: [photo(1, 'failed')] })).toEqual({ photos: m.photosFailed })
    const eleven = Array.from({ length: 11 }, (_, i) => photo(i))
    expect(errorsOf({ ...filled(), photos: eleven })).toEqual({ photos: m.tooManyPhotos(10) })
  })

  it('checks measurements (1–200 cm, one decimal) and wear notes (≤ 300 characters) under their own fields', () => {
    const values = filled()
    values.measurements = { width: '250', height: '0', depth: '12.25', strapDrop: '' }
    values.wear = { ...values.wear, handles: 'x'.repeat(301), exterior: 'x'.repeat(300) }
    expect(errorsOf(values)).toEqual({
      'measurements.width': m.measurementRange('Width', 1, 200),
      'measurements.height': m.measurementRange('Height', 1, 200),
      'measurements.depth': m.measurementDecimals('Depth'),
      'wear.handles': m.wearTooLong('Handles', 300),
    })
  })

  it('makes the POST body: the cover is img, empty details are left out, includes in the list’s order', () => {
    const values = filled()
    values.wear = { ...values.wear, corners: '  Light rubbing.  ' }
    values.measurements = { ...values.measurements, width: '25.5' }
    values.includes = ['strap', 'dust bag']
    const body = formToBody(listingFormSchema.parse(values))
    expect(body).toMatchObject({
      resell_price: 3400.5,
      img: '/uploads/p1.webp',
      photos: [{ url: '/uploads/p1.webp' }, { url: '/uploads/p2.webp' }],
      wear: { corners: 'Light rubbing.' },
      measurements: { width: 25.5 },
      includes: ['dust bag', 'strap'],
    })
  })

  it('Edit: a listing read into the form and saved unchanged changes nothing; a new price is the only field sent', () => {
    const values = listingToForm(product)
    const before = productToBody(product)
    expect(changedFields(before, formToBody(listingFormSchema.parse(values)))).toEqual({})
    const cheaper = { ...values, resell_price: '2950' }
    expect(changedFields(before, formToBody(listingFormSchema.parse(cheaper)))).toEqual({ resell_price: 2950 })
    // reordered photos travel whole, in their new order
    const swapped = { ...values, photos: [...(values.photos as PhotoItem[])].reverse() }
    expect(changedFields(before, formToBody(listingFormSchema.parse(swapped)))).toEqual({
      photos: [{ url: '/uploads/p2.webp' }, { url: '/uploads/p1.webp' }],
    })
  })

  it('shipping: free by default (0 sent); a price when unticked, required, above 0, at most 1000, cents only', () => {
    expect(formToBody(listingFormSchema.parse(filled())).shipping).toBe(0)
    const paid = { ...filled(), freeShipping: false }
    expect(errorsOf(paid)).toEqual({ shipping: m.shippingRequired })
    expect(errorsOf({ ...paid, shipping: '0' })).toEqual({ shipping: m.shippingRange(1000) })
    expect(errorsOf({ ...paid, shipping: '1000.01' })).toEqual({ shipping: m.shippingRange(1000) })
    expect(errorsOf({ ...paid, shipping: '9.999' })).toEqual({ shipping: m.shippingRange(1000) })
    expect(formToBody(listingFormSchema.parse({ ...paid, shipping: ' 12.50 ' })).shipping).toBe(12.5)
    // Edit: a listing with shipping reads back unticked with its price, and saving it unchanged changes nothing
    const shipped = { ...product, shipping: 12.5 }
    const values = listingToForm(shipped)
    expect(values).toMatchObject({ freeShipping: false, shipping: '12.5' })
    expect(changedFields(productToBody(shipped), formToBody(listingFormSchema.parse(values)))).toEqual({})
    expect(
      changedFields(productToBody(shipped), formToBody(listingFormSchema.parse({ ...values, freeShipping: true }))),
    ).toEqual({ shipping: 0 })
  })

  it('Edit of a listing made before listing details existed: brand, colour and material must be chosen first', () => {
    const old = listingToForm({ ...product, brand: null, brandSlug: null, colour: null, material: null })
    expect(errorsOf(old)).toEqual({ brand: m.brandRequired, colour: m.colourRequired, material: m.materialRequired })
  })
})

describe('formFieldOf: the field a server 400 names, as the form knows it', () => {
  it('maps the body’s paths to the form’s fields, and nothing else', () => {
    expect(formFieldOf('resell_price')).toBe('resell_price')
    expect(formFieldOf('brand')).toBe('brand')
    expect(formFieldOf('img')).toBe('photos')
    expect(formFieldOf('photos.2.url')).toBe('photos')
    expect(formFieldOf('measurements.width')).toBe('measurements.width')
    expect(formFieldOf('measurements.nonsense')).toBeUndefined()
    expect(formFieldOf('includes.1')).toBe('includes')
    expect(formFieldOf('owner')).toBeUndefined()
    expect(formFieldOf(undefined)).toBeUndefined()
  })
})
