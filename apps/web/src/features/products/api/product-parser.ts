import { CATEGORY_SLUGS, CONDITIONS, PRODUCT_STATUSES } from '@preloved/shared/constants'
import type { Product } from '@preloved/shared/products'
import { listParser, objectParser, type Shape } from '@/lib/shape-parser'

// The shared productSchema's fields, checked by hand: the home, category and product pages read listings without
// downloading zod (lib/shape-parser.ts).
const productShape: Shape<Product> = {
  _id: 'string',
  title: 'string',
  img: 'string',
  thumb: 'string',
  category: CATEGORY_SLUGS,
  original_price: 'number',
  resell_price: 'number',
  year: 'string',
  date: 'string',
  location: 'string',
  seller: 'string',
  seller_id: 'string',
  email: { optional: 'string' },
  verified: { optional: ['yes'] },
  phone: { optional: 'string' },
  specialty: 'string',
  description: 'string',
  condition: CONDITIONS,
  advertisement: 'boolean',
  status: PRODUCT_STATUSES,
  reserved: { optional: 'boolean' },
}

export const productParser = objectParser<Product>(productShape)
export const productListParser = listParser<Product>(productShape)
