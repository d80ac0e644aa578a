import type {
  CategorySlug,
  Colour,
  Condition,
  Include,
  Material,
  Measurement,
  Role,
  WearArea,
} from '@preloved/shared/constants'
import type { BagArtSpec, BagView } from './bag-art.ts'

/** Demo data only: plain values, no I/O. `seed.ts` writes them. */

export interface DemoCategory {
  categoryId: 'cat-shoulder' | 'cat-tote' | 'cat-backpacks'
  slug: CategorySlug
  title: string
  description: string
  icon: 'shoulder' | 'tote' | 'backpack'
  position: number
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    categoryId: 'cat-shoulder',
    slug: 'Shoulder',
    title: 'Shoulder Bags',
    description:
      'Flap bags, hobos and crossbodies from the houses you love, checked over and ready for their next night out.',
    icon: 'shoulder',
    position: 0,
  },
  {
    categoryId: 'cat-tote',
    slug: 'Tote',
    title: 'Tote Bags',
    description: 'Roomy everyday totes, from canvas classics to designer icons, at a fraction of their boutique price.',
    icon: 'tote',
    position: 1,
  },
  {
    categoryId: 'cat-backpacks',
    slug: 'Backpacks',
    title: 'Backpacks',
    description: 'Hands-free favorites for campus, commute and weekend escapes, gently used and well cared for.',
    icon: 'backpack',
    position: 2,
  },
]

/** Every demo account signs in with this password (it meets the signup rules of docs/product/accounts.md#sign-up). */
export const DEMO_PASSWORD = 'Demo#2026'
export const DEMO_EMAIL_DOMAIN = 'demo.preloved.test'

export type DemoSellerKey = 'amelia' | 'daniel' | 'sofia' | 'liam' | 'priya' | 'chloe'

export interface DemoUser {
  key: string
  name: string
  email: string
  role: Role
  verified: boolean
}

export interface DemoSeller extends DemoUser {
  key: DemoSellerKey
  role: 'seller'
}

export const DEMO_SELLERS: readonly DemoSeller[] = [
  { key: 'amelia', name: 'Amelia Hart', email: 'amelia.hart@demo.preloved.test', role: 'seller', verified: true },
  { key: 'daniel', name: 'Daniel Okafor', email: 'daniel.okafor@demo.preloved.test', role: 'seller', verified: true },
  { key: 'sofia', name: 'Sofia Marquez', email: 'sofia.marquez@demo.preloved.test', role: 'seller', verified: true },
  { key: 'liam', name: 'Liam Chen', email: 'liam.chen@demo.preloved.test', role: 'seller', verified: false },
  { key: 'priya', name: 'Priya Nair', email: 'priya.nair@demo.preloved.test', role: 'seller', verified: false },
  { key: 'chloe', name: 'Chloé Bernard', email: 'chloe.bernard@demo.preloved.test', role: 'seller', verified: false },
]

export const DEMO_CUSTOMERS: readonly DemoUser[] = [
  { key: 'emma', name: 'Emma Wilson', email: 'emma.wilson@demo.preloved.test', role: 'customer', verified: false },
  { key: 'noah', name: 'Noah Patel', email: 'noah.patel@demo.preloved.test', role: 'customer', verified: false },
]

export const DEMO_ADMIN: DemoUser = {
  key: 'admin',
  name: 'Grace Kim',
  email: 'admin@demo.preloved.test',
  role: 'admin',
  verified: false,
}

export const DEMO_USERS: readonly DemoUser[] = [...DEMO_SELLERS, ...DEMO_CUSTOMERS, DEMO_ADMIN]

export interface DemoListing {
  title: string
  category: CategorySlug
  seller: DemoSellerKey
  originalPriceCents: number
  resellPriceCents: number
  /** Year of purchase, as text (docs/product/listings.md#fields). */
  year: string
  location: string
  phone: string
  condition: Condition
  specialty: string
  description: string
  advertised: boolean
  /** How long ago the listing was posted. */
  daysAgo: number
  /** A brand's slug in the brand table (migration 0008), "unbranded" included. */
  brand: string
  colour: Colour
  material: Material
  measurements: Partial<Record<Measurement, number>>
  includes: readonly Include[]
  wear: Partial<Record<WearArea, string>>
  /** The photos, in order (2–6): the same bag drawn from these angles; the first is the cover. */
  views: readonly BagView[]
  /** Listed first at `fromCents`, lowered to the resell price `daysAgo` days ago. */
  priceDrop?: { fromCents: number; daysAgo: number }
  art: BagArtSpec
}

// the sellers' numbers: 555-01xx is reserved for fiction
const PHONE: Record<DemoSellerKey, string> = {
  amelia: '+1 212 555 0147',
  daniel: '+1 312 555 0183',
  sofia: '+1 213 555 0126',
  liam: '+1 206 555 0194',
  priya: '+1 512 555 0168',
  chloe: '+1 617 555 0139',
}

const CITY: Record<DemoSellerKey, string> = {
  amelia: 'New York, NY',
  daniel: 'Chicago, IL',
  sofia: 'Los Angeles, CA',
  liam: 'Seattle, WA',
  priya: 'Austin, TX',
  chloe: 'Boston, MA',
}

const from = (seller: DemoSellerKey) => ({ seller, phone: PHONE[seller], location: CITY[seller] })

const HAND_WRITTEN: readonly DemoListing[] = [
  // ---- Shoulder
  {
    title: 'Chanel Classic Double Flap Medium',
    category: 'Shoulder',
    ...from('amelia'),
    originalPriceCents: 680_000,
    resellPriceCents: 595_000,
    year: '2019',
    condition: 'excellent',
    specialty: 'Comes with dust bag, box, authenticity card and receipt',
    description:
      'Black quilted lambskin with gold hardware, carried a handful of times to dinners and kept in its box since. The corners are crisp and the chain shows no tarnish; there is faint wear on the turn-lock from normal use.',
    advertised: true,
    daysAgo: 3,
    brand: 'chanel',
    colour: 'black',
    material: 'leather',
    measurements: { width: 25.5, height: 15.5, depth: 6.5, strapDrop: 53 },
    includes: ['dust bag', 'box', 'authenticity card', 'receipt'],
    wear: {
      hardware: 'Faint hairlines on the turn-lock from normal use; the chain is bright.',
      corners: 'Crisp, with no rubbing.',
    },
    views: ['front', 'side', 'back', 'inside', 'hardware', 'base'],
    art: {
      kind: 'shoulder',
      shape: 'flap',
      body: '#1d1d1f',
      trim: '#1d1d1f',
      hardware: 'gold',
      pattern: 'quilted',
      background: '#e9e1d8',
    },
  },
  {
    title: 'Gucci GG Marmont Mini',
    category: 'Shoulder',
    ...from('daniel'),
    originalPriceCents: 129_000,
    resellPriceCents: 88_000,
    year: '2021',
    condition: 'good',
    specialty: 'Original dust bag included',
    description:
      'Hibiscus red matelassé leather with the double-ring hardware and a sliding chain strap. The leather is clean with a couple of light marks on the back panel, shown in the photos on request. Zip and tassel work smoothly.',
    advertised: true,
    daysAgo: 6,
    brand: 'gucci',
    colour: 'red',
    material: 'leather',
    measurements: { width: 22, height: 13, depth: 6, strapDrop: 55 },
    includes: ['dust bag'],
    wear: { corners: 'Light rubbing on the two lower corners.', hardware: 'The GG is a little dulled at the edges.' },
    views: ['front', 'back', 'hardware'],
    art: {
      kind: 'shoulder',
      shape: 'camera',
      body: '#a8223a',
      trim: '#a8223a',
      hardware: 'gold',
      pattern: 'chevron',
      background: '#efe4e1',
    },
  },
  {
    title: 'Fendi Baguette FF Jacquard',
    category: 'Shoulder',
    ...from('sofia'),
    originalPriceCents: 289_000,
    resellPriceCents: 199_000,
    year: '2020',
    condition: 'excellent',
    specialty: 'Dust bag, box and care booklet included',
    description:
      'The reissued Baguette in tobacco jacquard with a tan leather strap and the gold frame clasp. Worn mostly to the office and always stored stuffed, so it keeps its shape. No scuffs on the corners.',
    advertised: true,
    daysAgo: 9,
    brand: 'fendi',
    colour: 'brown',
    material: 'fabric',
    measurements: { width: 27, height: 15, depth: 6, strapDrop: 24 },
    includes: ['dust bag', 'authenticity card', 'strap'],
    wear: {},
    views: ['front', 'side', 'inside', 'hardware'],
    art: {
      kind: 'shoulder',
      shape: 'baguette',
      body: '#6b4a2e',
      trim: '#d6b27c',
      hardware: 'gold',
      pattern: 'monogram',
      background: '#ebe6df',
    },
  },
  {
    title: 'Tory Burch Kira Chevron Shoulder Bag',
    category: 'Shoulder',
    ...from('priya'),
    originalPriceCents: 52_800,
    resellPriceCents: 29_000,
    year: '2022',
    condition: 'good',
    specialty: 'Chain strap can be worn doubled or long',
    description:
      'Cream chevron-quilted lambskin with a gold chain strap and turn-lock. There is slight softening at the flap corners and a tiny mark inside the lining; the outside is clean.',
    advertised: false,
    daysAgo: 14,
    brand: 'tory-burch',
    colour: 'beige',
    material: 'leather',
    measurements: { width: 24, height: 15, depth: 7, strapDrop: 56 },
    includes: ['dust bag'],
    wear: { exterior: 'A faint grey mark on the back panel, hardly visible.' },
    views: ['front', 'back'],
    art: {
      kind: 'shoulder',
      shape: 'flap',
      body: '#ece2d0',
      trim: '#ece2d0',
      hardware: 'gold',
      pattern: 'chevron',
      background: '#e3e7ec',
    },
  },
  {
    title: 'Saint Laurent Le 5 à 7 Hobo',
    category: 'Shoulder',
    ...from('amelia'),
    originalPriceCents: 245_000,
    resellPriceCents: 159_000,
    year: '2021',
    condition: 'excellent',
    specialty: 'Receipt and dust bag included',
    description:
      'Smooth black calfskin hobo with the gold turn clasp and a comfortable short strap that sits right under the arm. Used for one season; the leather still has its original sheen.',
    advertised: false,
    daysAgo: 21,
    brand: 'saint-laurent',
    colour: 'black',
    material: 'leather',
    measurements: { width: 23, height: 25, depth: 6, strapDrop: 23 },
    includes: ['dust bag', 'box'],
    wear: { handles: 'The strap has softened but holds its shape.' },
    views: ['front', 'side', 'inside'],
    priceDrop: { fromCents: 175000, daysAgo: 9 },
    art: {
      kind: 'shoulder',
      shape: 'hobo',
      body: '#222225',
      trim: '#222225',
      hardware: 'gold',
      pattern: 'plain',
      background: '#ebe7e1',
    },
  },
  {
    title: 'Bottega Veneta Jodie Mini',
    category: 'Shoulder',
    ...from('priya'),
    originalPriceCents: 280_000,
    resellPriceCents: 185_000,
    year: '2021',
    condition: 'good',
    specialty: 'Intrecciato woven leather, zip closure',
    description:
      'Caramel intrecciato lambskin, soft and slouchy as it should be. The weave is intact with light darkening on the handle from wear. Fits a phone, cards and keys.',
    advertised: false,
    daysAgo: 27,
    brand: 'bottega-veneta',
    colour: 'tan',
    material: 'leather',
    measurements: { width: 28, height: 23, depth: 8, strapDrop: 18 },
    includes: ['dust bag'],
    wear: { interior: 'A pen mark inside the slip pocket.', handles: 'The knot is glossy where the hand holds it.' },
    views: ['front', 'back', 'inside', 'base'],
    art: {
      kind: 'shoulder',
      shape: 'hobo',
      body: '#b07a45',
      trim: '#b07a45',
      hardware: 'gold',
      pattern: 'woven',
      background: '#e6e9ea',
    },
  },
  {
    title: 'Coach Tabby Shoulder Bag 26',
    category: 'Shoulder',
    ...from('liam'),
    originalPriceCents: 45_000,
    resellPriceCents: 24_500,
    year: '2022',
    condition: 'good',
    specialty: 'Includes the detachable long strap',
    description:
      'Sage pebbled leather with a silver-tone frame clasp and a short shoulder strap. Light wear on the bottom corners, otherwise clean inside and out. A good everyday size.',
    advertised: false,
    daysAgo: 33,
    brand: 'coach',
    colour: 'green',
    material: 'leather',
    measurements: { width: 26, height: 15, depth: 8, strapDrop: 50 },
    includes: ['strap'],
    wear: { corners: 'Slight wear on one lower corner.' },
    views: ['front', 'hardware', 'back'],
    priceDrop: { fromCents: 27900, daysAgo: 12 },
    art: {
      kind: 'shoulder',
      shape: 'baguette',
      body: '#8f9f84',
      trim: '#7d8d72',
      hardware: 'silver',
      pattern: 'pebbled',
      background: '#eeeae3',
    },
  },
  {
    title: 'Mansur Gavriel Mini Bucket Bag',
    category: 'Shoulder',
    ...from('chloe'),
    originalPriceCents: 39_500,
    resellPriceCents: 21_000,
    year: '2020',
    condition: 'good',
    specialty: 'Vegetable-tanned leather that darkens with age',
    description:
      'Tan Italian leather bucket with the drawstring closure and a single shoulder strap. The leather has developed a warm patina and there are a few soft creases near the top.',
    advertised: false,
    daysAgo: 39,
    brand: 'mansur-gavriel',
    colour: 'tan',
    material: 'leather',
    measurements: { width: 22, height: 24, depth: 17, strapDrop: 48 },
    includes: [],
    wear: { interior: 'The painted lining has a few hairline cracks.' },
    views: ['front', 'inside'],
    art: {
      kind: 'shoulder',
      shape: 'bucket',
      body: '#c48a55',
      trim: '#9c6637',
      hardware: 'gold',
      pattern: 'plain',
      background: '#dfe6ea',
    },
  },
  {
    title: 'Atelier Nord Half-Moon Crossbody',
    category: 'Shoulder',
    ...from('priya'),
    originalPriceCents: 24_000,
    resellPriceCents: 12_500,
    year: '2023',
    condition: 'excellent',
    specialty: 'Handmade by an independent studio in Portland',
    description:
      'Bottle-green croc-embossed leather with a long adjustable strap and a snap tab closure. Worn twice; it still smells like new leather. Fits a phone and a small wallet.',
    advertised: false,
    daysAgo: 45,
    brand: 'unbranded',
    colour: 'green',
    material: 'leather',
    measurements: { width: 26, height: 16, depth: 6, strapDrop: 56 },
    includes: ['strap'],
    wear: {},
    views: ['front', 'back', 'base'],
    art: {
      kind: 'shoulder',
      shape: 'halfmoon',
      body: '#2f4a3a',
      trim: '#2f4a3a',
      hardware: 'silver',
      pattern: 'croc',
      background: '#e4e8e2',
    },
  },
  {
    title: 'Vintage Italian Leather Saddle Bag',
    category: 'Shoulder',
    ...from('daniel'),
    originalPriceCents: 18_000,
    resellPriceCents: 6_500,
    year: '2015',
    condition: 'fair',
    specialty: 'Unbranded, made in Florence',
    description:
      'Cognac leather saddle bag bought at a market in Florence. It shows honest wear: scuffs on the flap edge and a darker patch where it rested on the hip. Sturdy stitching and a new strap.',
    advertised: false,
    daysAgo: 56,
    brand: 'unbranded',
    colour: 'brown',
    material: 'leather',
    measurements: { width: 24, height: 20, depth: 8, strapDrop: 52 },
    includes: [],
    wear: {
      exterior: 'Scratches and a darkened patina all over, as vintage leather should.',
      corners: 'Worn through to the fibre on two corners.',
      hardware: 'The buckle has lost its shine.',
    },
    views: ['front', 'side', 'base'],
    art: {
      kind: 'shoulder',
      shape: 'halfmoon',
      body: '#9a5a2c',
      trim: '#6e3c1c',
      hardware: 'gold',
      pattern: 'plain',
      background: '#ece3d6',
    },
  },

  // ---- Tote
  {
    title: 'Louis Vuitton Neverfull MM',
    category: 'Tote',
    ...from('amelia'),
    originalPriceCents: 203_000,
    resellPriceCents: 145_000,
    year: '2019',
    condition: 'good',
    specialty: 'Comes with dust bag and receipt; pouch included',
    description:
      'Monogram canvas with natural cowhide trim that has turned an even honey color. The canvas has no cracks and the lining is clean; there is light wear at the bottom corners.',
    advertised: true,
    daysAgo: 2,
    brand: 'louis-vuitton',
    colour: 'brown',
    material: 'coated canvas',
    measurements: { width: 32, height: 29, depth: 17, strapDrop: 24 },
    includes: ['dust bag'],
    wear: { handles: 'The vachetta has darkened to an even honey colour.', interior: 'Clean striped lining.' },
    views: ['front', 'inside', 'side', 'base', 'hardware'],
    art: {
      kind: 'tote',
      shape: 'open',
      body: '#5a3d27',
      trim: '#d8a66e',
      hardware: 'gold',
      pattern: 'monogram',
      background: '#ece5dc',
    },
  },
  {
    title: 'Longchamp Le Pliage Large',
    category: 'Tote',
    ...from('sofia'),
    originalPriceCents: 16_500,
    resellPriceCents: 8_500,
    year: '2021',
    condition: 'good',
    specialty: 'Folds flat into its own flap',
    description:
      'Navy nylon with cognac leather handles and flap. Faint wear on the handles, the zip runs smoothly and the nylon has no holes or stains. A reliable travel and work bag.',
    advertised: false,
    daysAgo: 11,
    brand: 'longchamp',
    colour: 'blue',
    material: 'nylon',
    measurements: { width: 44, height: 30, depth: 18, strapDrop: 24 },
    includes: [],
    wear: { corners: 'Light rubbing on the leather corners.' },
    views: ['front', 'inside'],
    art: {
      kind: 'tote',
      shape: 'pliage',
      body: '#1f2a44',
      trim: '#7a4b2a',
      hardware: 'gold',
      pattern: 'canvas',
      background: '#e8e3dc',
    },
  },
  {
    title: 'Mulberry Bayswater Tote',
    category: 'Tote',
    ...from('daniel'),
    originalPriceCents: 149_500,
    resellPriceCents: 79_000,
    year: '2018',
    condition: 'good',
    specialty: 'Postman’s lock with both keys',
    description:
      'Oak natural-grain leather with rolled handles and the signature lock. The leather has softened beautifully; there is some rubbing on the handle edges, nothing through the color.',
    advertised: false,
    daysAgo: 17,
    brand: 'mulberry',
    colour: 'tan',
    material: 'leather',
    measurements: { width: 36, height: 25, depth: 15, strapDrop: 11 },
    includes: ['dust bag', 'lock & key'],
    wear: { handles: 'Darkened where they are held.' },
    views: ['front', 'hardware', 'inside', 'base'],
    priceDrop: { fromCents: 89000, daysAgo: 15 },
    art: {
      kind: 'tote',
      shape: 'structured',
      body: '#b5652b',
      trim: '#b5652b',
      hardware: 'gold',
      pattern: 'pebbled',
      background: '#ece6de',
    },
  },
  {
    title: 'Goyard Saint Louis PM',
    category: 'Tote',
    ...from('daniel'),
    originalPriceCents: 169_000,
    resellPriceCents: 128_000,
    year: '2020',
    condition: 'excellent',
    specialty: 'Pouch and dust bag included',
    description:
      'Black Goyardine canvas with tan leather trim, light enough to carry every day. Corners and handles are clean; the inside has one small pen mark on the pouch.',
    advertised: true,
    daysAgo: 5,
    brand: 'goyard',
    colour: 'black',
    material: 'coated canvas',
    measurements: { width: 34, height: 27, depth: 14, strapDrop: 25 },
    includes: ['dust bag'],
    wear: {},
    views: ['front', 'side', 'inside', 'hardware', 'base'],
    art: {
      kind: 'tote',
      shape: 'open',
      body: '#202022',
      trim: '#c89a66',
      hardware: 'silver',
      pattern: 'dots',
      background: '#e7e3dd',
    },
  },
  {
    title: 'Baggu Heavyweight Canvas Tote, natural and navy',
    category: 'Tote',
    ...from('liam'),
    originalPriceCents: 6400,
    resellPriceCents: 4000,
    year: '2020',
    condition: 'good',
    specialty: 'Heavyweight cotton canvas, machine washable',
    description:
      'Natural canvas with navy handles and a navy band along the base, roomy enough for a weekend of groceries or a day at the beach. Washed once; the canvas is still stiff and holds its shape.',
    advertised: false,
    daysAgo: 24,
    brand: 'baggu',
    colour: 'beige',
    material: 'canvas',
    measurements: { width: 38, height: 33, depth: 15, strapDrop: 25 },
    includes: [],
    wear: { exterior: 'A faint coffee mark near the base that may wash out.' },
    views: ['front', 'inside'],
    art: {
      kind: 'tote',
      shape: 'shopper',
      body: '#eee6d6',
      trim: '#1f2d4a',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#dde6ec',
    },
  },
  {
    title: 'Cuyana Classic Structured Leather Tote, chestnut',
    category: 'Tote',
    ...from('chloe'),
    originalPriceCents: 29800,
    resellPriceCents: 14000,
    year: '2021',
    condition: 'good',
    specialty: 'Fits a 15-inch laptop',
    description:
      'Full-grain Italian leather in chestnut, unlined, with a snap to close it and a small zip pouch on a leash. The leather has softened and darkened a little; it carried a laptop to work three days a week for a year.',
    advertised: false,
    daysAgo: 30,
    brand: 'cuyana',
    colour: 'brown',
    material: 'leather',
    measurements: { width: 40, height: 31, depth: 15, strapDrop: 25 },
    includes: [],
    wear: { exterior: 'Light scratches on the front, as the leather is unfinished.' },
    views: ['front', 'inside', 'base'],
    art: {
      kind: 'tote',
      shape: 'open',
      body: '#8a4f2a',
      trim: '#6a3a1e',
      hardware: 'gold',
      pattern: 'pebbled',
      background: '#ede8e1',
    },
  },
  {
    title: 'Marc Jacobs The Tote Bag Medium',
    category: 'Tote',
    ...from('priya'),
    originalPriceCents: 19_500,
    resellPriceCents: 12_000,
    year: '2022',
    condition: 'excellent',
    specialty: 'Detachable shoulder strap included',
    description:
      'Black cotton canvas with a roomy main compartment and outside pocket. Used for a few weekend trips; no fading or fraying, and the base is spotless.',
    advertised: true,
    daysAgo: 8,
    brand: 'marc-jacobs',
    colour: 'black',
    material: 'canvas',
    measurements: { width: 33, height: 26, depth: 14, strapDrop: 20 },
    includes: ['strap'],
    wear: {},
    views: ['front', 'back', 'inside'],
    art: {
      kind: 'tote',
      shape: 'shopper',
      body: '#2a2a2c',
      trim: '#e9e4da',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#e8e4de',
    },
  },
  {
    title: 'Marée Atelier Breton Stripe Tote',
    category: 'Tote',
    ...from('sofia'),
    originalPriceCents: 8_500,
    resellPriceCents: 4_000,
    year: '2022',
    condition: 'good',
    specialty: 'Handmade in small batches by an independent label',
    description:
      'Cream canvas with navy stripes and cotton webbing handles. Washed once and ironed; the handles show slight pilling. Big enough for a towel and a picnic.',
    advertised: false,
    daysAgo: 36,
    brand: 'unbranded',
    colour: 'multicolour',
    material: 'canvas',
    measurements: { width: 42, height: 36, depth: 12, strapDrop: 28 },
    includes: [],
    wear: {},
    views: ['front', 'back'],
    art: {
      kind: 'tote',
      shape: 'shopper',
      body: '#f1ece2',
      trim: '#1f2d4a',
      hardware: 'silver',
      pattern: 'breton',
      background: '#dfe7ee',
    },
  },
  {
    title: 'Tory Burch Ella Tote',
    category: 'Tote',
    ...from('chloe'),
    originalPriceCents: 19_800,
    resellPriceCents: 9_500,
    year: '2021',
    condition: 'good',
    specialty: 'Lightweight recycled nylon',
    description:
      'Black nylon tote with leather handles and a snap tab. Light wear on the handle edges and the base corners; the lining is clean and the snap holds firmly.',
    advertised: false,
    daysAgo: 48,
    brand: 'tory-burch',
    colour: 'black',
    material: 'nylon',
    measurements: { width: 46, height: 31, depth: 16, strapDrop: 25 },
    includes: [],
    wear: { interior: 'A small mark in the lining.', corners: 'Slight fraying on one corner.' },
    views: ['front', 'inside', 'base'],
    art: {
      kind: 'tote',
      shape: 'pliage',
      body: '#26262a',
      trim: '#3a2a22',
      hardware: 'gold',
      pattern: 'canvas',
      background: '#efe8e2',
    },
  },
  {
    title: 'COS Soft Leather Shopper, stone',
    category: 'Tote',
    ...from('liam'),
    originalPriceCents: 19000,
    resellPriceCents: 7500,
    year: '2020',
    condition: 'fair',
    specialty: 'Full-grain leather, unlined',
    description:
      'A big unlined leather shopper in stone, light enough to fold into a suitcase. It has been carried a lot and shows it, and is priced for that.',
    advertised: false,
    daysAgo: 58,
    brand: 'cos',
    colour: 'beige',
    material: 'leather',
    measurements: { width: 41, height: 33, depth: 14, strapDrop: 27 },
    includes: [],
    wear: {
      exterior: 'Marks and darker patches from use.',
      handles: 'Darkened where they are held.',
      corners: 'Scuffed.',
    },
    views: ['front', 'inside'],
    art: {
      kind: 'tote',
      shape: 'open',
      body: '#d9cdb8',
      trim: '#b9a583',
      hardware: 'silver',
      pattern: 'plain',
      background: '#e4e8ea',
    },
  },

  // ---- Backpacks
  {
    title: 'Fjällräven Kånken Classic',
    category: 'Backpacks',
    ...from('liam'),
    originalPriceCents: 8_000,
    resellPriceCents: 4_500,
    year: '2021',
    condition: 'good',
    specialty: 'Seat pad still included',
    description:
      'Ox red Vinylon F with the original sitting pad. Light fading on the top flap from sun; zips and straps are in perfect order. Fits a 13-inch laptop sleeve.',
    advertised: false,
    daysAgo: 4,
    brand: 'fjallraven',
    colour: 'red',
    material: 'synthetic',
    measurements: { width: 27, height: 38, depth: 13 },
    includes: [],
    wear: { exterior: 'A little faded on the front.' },
    views: ['front', 'back', 'side'],
    art: {
      kind: 'backpack',
      shape: 'kanken',
      body: '#b8352f',
      trim: '#f2f0ea',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#ece8e2',
    },
  },
  {
    title: 'Fjällräven Kånken Mini',
    category: 'Backpacks',
    ...from('priya'),
    originalPriceCents: 7_000,
    resellPriceCents: 4_200,
    year: '2022',
    condition: 'excellent',
    specialty: 'Kid-sized, also a great day bag',
    description:
      'Frost green mini backpack used for one school term. No marks, no fading, and the reflective logo is intact. Comes from a smoke-free home.',
    advertised: false,
    daysAgo: 19,
    brand: 'fjallraven',
    colour: 'green',
    material: 'synthetic',
    measurements: { width: 20, height: 29, depth: 13 },
    includes: [],
    wear: {},
    views: ['front', 'back'],
    art: {
      kind: 'backpack',
      shape: 'kanken',
      body: '#9fbfae',
      trim: '#c0392b',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#eef0ec',
    },
  },
  {
    title: 'Prada Re-Nylon Backpack',
    category: 'Backpacks',
    ...from('sofia'),
    originalPriceCents: 179_000,
    resellPriceCents: 110_000,
    year: '2021',
    condition: 'excellent',
    specialty: 'Comes with dust bag and receipt',
    description:
      'Black regenerated nylon with saffiano trim and silver zips. Carried on a few trips and stored in its dust bag; no pulls in the nylon and the zips glide.',
    advertised: true,
    daysAgo: 7,
    brand: 'prada',
    colour: 'black',
    material: 'nylon',
    measurements: { width: 27, height: 39, depth: 13 },
    includes: ['dust bag', 'authenticity card'],
    wear: {},
    views: ['front', 'back', 'hardware', 'base'],
    art: {
      kind: 'backpack',
      shape: 'classic',
      body: '#1f2227',
      trim: '#2e3238',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#e4e7ea',
    },
  },
  {
    title: 'Coach Charter Backpack in Signature Canvas',
    category: 'Backpacks',
    ...from('amelia'),
    originalPriceCents: 45000,
    resellPriceCents: 24500,
    year: '2019',
    condition: 'good',
    specialty: 'Signature coated canvas with leather trim',
    description:
      'Brown signature coated canvas with leather trim, a padded laptop sleeve and a front zip pocket. Used for one autumn of commuting; the canvas is clean and the straps are firm.',
    advertised: true,
    daysAgo: 13,
    brand: 'coach',
    colour: 'brown',
    material: 'coated canvas',
    measurements: { width: 28, height: 38, depth: 13 },
    includes: ['dust bag'],
    wear: { corners: 'Light rubbing on the base corners.' },
    views: ['front', 'back', 'hardware'],
    art: {
      kind: 'backpack',
      shape: 'classic',
      body: '#9b4f22',
      trim: '#6b3316',
      hardware: 'gold',
      pattern: 'monogram',
      background: '#efe6dc',
    },
  },
  {
    title: 'Louis Vuitton Palm Springs PM',
    category: 'Backpacks',
    ...from('amelia'),
    originalPriceCents: 275_000,
    resellPriceCents: 215_000,
    year: '2020',
    condition: 'excellent',
    specialty: 'Straps convert to a single shoulder strap',
    description:
      'Monogram canvas mini backpack with a buckle flap and adjustable straps. Lightly used; the leather tabs are still pale with no water marks. Dust bag and box included.',
    advertised: true,
    daysAgo: 1,
    brand: 'louis-vuitton',
    colour: 'brown',
    material: 'coated canvas',
    measurements: { width: 22, height: 30, depth: 11 },
    includes: ['dust bag', 'box', 'receipt'],
    wear: {},
    views: ['front', 'side', 'back', 'inside', 'hardware', 'base'],
    art: {
      kind: 'backpack',
      shape: 'mini',
      body: '#5a3d27',
      trim: '#c9955f',
      hardware: 'gold',
      pattern: 'monogram',
      background: '#efe7de',
    },
  },
  {
    title: 'Herschel Little America',
    category: 'Backpacks',
    ...from('daniel'),
    originalPriceCents: 11_000,
    resellPriceCents: 5_500,
    year: '2020',
    condition: 'good',
    specialty: 'Padded laptop sleeve inside',
    description:
      'Navy backpack with tan synthetic-leather straps and a drawstring top under the flap. A little fraying at one strap end; everything else works as new.',
    advertised: false,
    daysAgo: 26,
    brand: 'herschel',
    colour: 'blue',
    material: 'fabric',
    measurements: { width: 30, height: 50, depth: 17 },
    includes: [],
    wear: { handles: 'The leather-look straps are creased.' },
    views: ['front', 'back'],
    art: {
      kind: 'backpack',
      shape: 'mini',
      body: '#22304d',
      trim: '#b98a5a',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#e6e9ec',
    },
  },
  {
    title: 'Eastpak Up Roll Backpack, black',
    category: 'Backpacks',
    ...from('chloe'),
    originalPriceCents: 9500,
    resellPriceCents: 5500,
    year: '2022',
    condition: 'good',
    specialty: 'Water-repellent, with room for a 15-inch laptop',
    description:
      'Black water-repellent roll-top with a padded laptop sleeve and two buckles. Rode a bike through a rainy season and kept everything dry.',
    advertised: false,
    daysAgo: 41,
    brand: 'eastpak',
    colour: 'black',
    material: 'synthetic',
    measurements: { width: 29, height: 43, depth: 12 },
    includes: [],
    wear: {},
    views: ['front', 'back', 'base'],
    art: {
      kind: 'backpack',
      shape: 'rolltop',
      body: '#2d2f31',
      trim: '#17181a',
      hardware: 'silver',
      pattern: 'plain',
      background: '#e7e8e4',
    },
  },
  {
    title: 'Fjällräven High Coast Rolltop 26, olive',
    category: 'Backpacks',
    ...from('daniel'),
    originalPriceCents: 13000,
    resellPriceCents: 7000,
    year: '2019',
    condition: 'fair',
    specialty: 'Recycled nylon, roll-top closure',
    description:
      'Olive recycled nylon with a roll-top that buckles down, a side pocket for a bottle and a laptop sleeve. Taken on a few hikes, which shows on the base.',
    advertised: false,
    daysAgo: 52,
    brand: 'fjallraven',
    colour: 'green',
    material: 'nylon',
    measurements: { width: 28, height: 46, depth: 14 },
    includes: [],
    wear: { exterior: 'Scuffs on the base from hiking.', hardware: 'One buckle is scratched.' },
    views: ['front', 'side'],
    art: {
      kind: 'backpack',
      shape: 'rolltop',
      body: '#6f7a5a',
      trim: '#2b2b2b',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#e5e6df',
    },
  },
  {
    title: 'Studio Maren Leather Mini Backpack',
    category: 'Backpacks',
    ...from('sofia'),
    originalPriceCents: 26_000,
    resellPriceCents: 14_000,
    year: '2022',
    condition: 'excellent',
    specialty: 'Handmade by an independent leather studio',
    description:
      'Burgundy pebbled leather with a brass buckle and adjustable straps. Used for a summer of weekend outings; no marks and the edges are still glossy.',
    advertised: false,
    daysAgo: 16,
    brand: 'unbranded',
    colour: 'red',
    material: 'leather',
    measurements: { width: 22, height: 27, depth: 11 },
    includes: ['dust bag'],
    wear: {},
    views: ['front', 'back', 'inside'],
    art: {
      kind: 'backpack',
      shape: 'mini',
      body: '#7a1f2b',
      trim: '#5e1620',
      hardware: 'gold',
      pattern: 'pebbled',
      background: '#eee4e2',
    },
  },
  {
    title: 'JanSport Right Pack',
    category: 'Backpacks',
    ...from('liam'),
    originalPriceCents: 7_000,
    resellPriceCents: 4_000,
    year: '2018',
    condition: 'fair',
    specialty: 'Suede bottom, lifetime warranty',
    description:
      'Heather grey canvas with a front zip pocket. Well loved through college: faded suede on the bottom and a small ink mark inside. The zips and straps are solid.',
    advertised: false,
    daysAgo: 60,
    brand: 'jansport',
    colour: 'grey',
    material: 'fabric',
    measurements: { width: 33, height: 46, depth: 21 },
    includes: [],
    wear: { exterior: 'Faded, with a worn suede base.', handles: 'The grab loop is frayed.' },
    views: ['front', 'base'],
    art: {
      kind: 'backpack',
      shape: 'classic',
      body: '#7d8187',
      trim: '#55595f',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#ecebe7',
    },
  },
]

// ---------------------------------------------------------------------------------------------
// the rest of the catalogue: one row per bag, expanded into a listing by `listing` below

type Shape = BagArtSpec['shape']

interface Row {
  title: string
  brand: string
  category: CategorySlug
  shape: Shape
  pattern: BagArtSpec['pattern']
  colour: Colour
  material: Material
  /** Dollars: the asking price and what it cost new. */
  price: number
  retail: number
  condition: Condition
  year: string
  /** What only this bag has to say: one or two sentences. */
  note: string
  /** Listed first at this price (dollars), then lowered. */
  drop?: number
  advertised?: boolean
  /** Against the shape's usual measurements (a mini is smaller). */
  size?: number
  body?: string
  trim?: string
}

const r = (
  title: string,
  brand: string,
  category: CategorySlug,
  shape: Shape,
  pattern: BagArtSpec['pattern'],
  colour: Colour,
  material: Material,
  price: number,
  retail: number,
  condition: Condition,
  year: string,
  note: string,
  more: Partial<Row> = {},
): Row => ({ title, brand, category, shape, pattern, colour, material, price, retail, condition, year, note, ...more })

// biome-ignore format: one bag a line reads as a table
const ROWS: readonly Row[] = [
  // ---- Shoulder, luxury
  r('Chanel Classic Flap Small, beige caviar', 'chanel', 'Shoulder', 'flap', 'quilted', 'beige', 'leather', 5200, 8800, 'excellent', '2020', 'Beige caviar with gold hardware, bought at the Paris boutique and worn to two weddings. The caviar grain hides the little marks that lambskin would show.', { size: 0.9 }),
  r('Chanel Boy Bag Old Medium, black lambskin', 'chanel', 'Shoulder', 'flap', 'quilted', 'black', 'leather', 4300, 6200, 'good', '2017', 'Black lambskin with ruthenium hardware and the chunky Boy chain. The lambskin has softened with use, which suits this bag.', { drop: 4700 }),
  r('Chanel 19 Flap Bag, pink tweed', 'chanel', 'Shoulder', 'flap', 'quilted', 'pink', 'fabric', 3900, 5800, 'excellent', '2021', 'Pink and cream tweed with the mixed-metal chain of the 19. Kept in its box between outings.', { body: '#e2a0b4' }),
  r('Hermès Evelyne III PM, gold Clemence', 'hermes', 'Shoulder', 'bucket', 'pebbled', 'tan', 'leather', 2950, 3800, 'good', '2018', 'Gold Clemence with palladium hardware and the canvas strap. The perforated H sits against the body, as it should.'),
  r('Dior Saddle Bag, blue Oblique jacquard', 'dior', 'Shoulder', 'halfmoon', 'monogram', 'blue', 'fabric', 2450, 3900, 'excellent', '2022', 'Blue Dior Oblique jacquard with the CD charm in antique gold. Worn on a few evenings and stored stuffed.'),
  r('Lady Dior Medium, black lambskin cannage', 'dior', 'Shoulder', 'flap', 'quilted', 'black', 'leather', 3800, 6000, 'good', '2019', 'Black cannage lambskin with the D.I.O.R. charms in light gold and both straps. The charms still swing freely and chime softly.', { drop: 4200 }),
  r('Saint Laurent Loulou Medium, fog grey matelassé', 'saint-laurent', 'Shoulder', 'flap', 'chevron', 'grey', 'leather', 1450, 2650, 'good', '2020', 'Fog grey calfskin quilted in chevrons, with a silver monogram and a sliding chain. Roomy enough for a small tablet.'),
  r('Bottega Veneta Knot Minaudière, silver python', 'bottega-veneta', 'Shoulder', 'baguette', 'croc', 'silver', 'exotic', 1350, 2800, 'good', '2018', 'Silver python with the knotted clasp and a thin shoulder strap. Sold with CITES paperwork for the python.', { size: 0.7, body: '#b9bcc2' }),
  r('Celine Triomphe Shoulder Bag, tan calfskin', 'celine', 'Shoulder', 'flap', 'plain', 'tan', 'leather', 2350, 3100, 'excellent', '2022', 'Tan shiny calfskin with the gold Triomphe clasp. Worn a handful of times; the edges are perfect.'),
  r('Celine Belt Bag Micro, grey grained calfskin', 'celine', 'Shoulder', 'flap', 'pebbled', 'grey', 'leather', 1150, 2300, 'good', '2019', 'Grey grained calfskin with a top handle and a detachable strap. The grain has kept its shape well.', { size: 0.8 }),
  r('Bottega Veneta The Pouch, parakeet green', 'bottega-veneta', 'Shoulder', 'baguette', 'plain', 'green', 'leather', 1350, 2600, 'excellent', '2020', 'The gathered clutch in bright parakeet green butter-soft calfskin. A proper statement, carried twice.', { body: '#4f9a4a' }),
  r('Bottega Veneta Padded Cassette, butter yellow', 'bottega-veneta', 'Shoulder', 'camera', 'woven', 'yellow', 'leather', 2450, 3500, 'excellent', '2021', 'Padded intrecciato in butter yellow with the woven strap. Kept out of the sun, so the colour is even all over.', { advertised: true }),
  r('Fendi Peekaboo Iconic Medium, orange Selleria', 'fendi', 'Shoulder', 'flap', 'plain', 'orange', 'leather', 2900, 5500, 'good', '2017', 'Orange Selleria calfskin with hand stitching and the twist locks. The structure is firm and both compartments are clean.', { drop: 3200 }),
  r('Gucci Dionysus Small, dusty pink suede', 'gucci', 'Shoulder', 'flap', 'plain', 'pink', 'suede', 1150, 2600, 'good', '2018', 'Dusty pink suede with the tiger-head closure and a sliding chain. The suede has been brushed and protected.'),
  r('Gucci Jackie 1961 Small, white leather', 'gucci', 'Shoulder', 'hobo', 'plain', 'white', 'leather', 1650, 3100, 'excellent', '2022', 'White leather with the piston closure and both straps. No colour transfer anywhere, which is rare for white.'),
  r('Gucci Horsebit 1955 Shoulder Bag, GG Supreme', 'gucci', 'Shoulder', 'halfmoon', 'monogram', 'beige', 'coated canvas', 1250, 2500, 'good', '2020', 'Beige and ebony GG Supreme with brown leather trim and the horsebit. The canvas is clean and the leather trim is soft.'),
  r('Prada Re-Edition 2005, pink Re-Nylon', 'prada', 'Shoulder', 'baguette', 'plain', 'pink', 'nylon', 890, 1650, 'excellent', '2022', 'Pink Re-Nylon with the enamel triangle logo and the little coin pouch. Still in the shop creases.'),
  r('Prada Cleo Brushed Leather Shoulder Bag, white', 'prada', 'Shoulder', 'hobo', 'plain', 'white', 'patent leather', 1500, 2750, 'good', '2021', 'Glossy brushed leather with the curved silhouette of the Cleo. A light scratch on the back, shown in the photos.'),
  r('Loewe Puzzle Bag Small, tan calfskin', 'loewe', 'Shoulder', 'camera', 'plain', 'tan', 'leather', 1750, 3450, 'good', '2019', 'Tan classic calfskin in the geometric Puzzle panels, folding flat when it travels. Long strap included.'),
  r('Miu Miu Matelassé Shoulder Bag, rose', 'miu-miu', 'Shoulder', 'flap', 'quilted', 'pink', 'leather', 1150, 2300, 'good', '2018', 'Rose matelassé nappa with the gold chain and the logo plaque. The quilting is plump and the chain untarnished.'),
  r('Valentino Rockstud Spike Medium, red', 'valentino', 'Shoulder', 'flap', 'quilted', 'red', 'leather', 1250, 2900, 'good', '2019', 'Red quilted nappa with the Rockstud spikes and a chain strap. Every stud is there.', { body: '#a5192a' }),
  r('Balenciaga City Classic, anthracite', 'balenciaga', 'Shoulder', 'hobo', 'pebbled', 'grey', 'leather', 780, 1890, 'fair', '2011', 'Anthracite grey agneau with the original mirror and brass studs. A real vintage City: the handles are worn and the leather is wonderfully soft.'),
  r('Chloé Marcie Small Saddle Bag, tan', 'chloe', 'Shoulder', 'halfmoon', 'plain', 'tan', 'leather', 650, 1690, 'good', '2019', 'Tan grained calfskin with the horseshoe stitching and the cross-body strap. The leather has a lovely slouch.'),
  r('Jacquemus Le Bambino Long, light pink suede', 'jacquemus', 'Shoulder', 'baguette', 'plain', 'pink', 'suede', 360, 690, 'excellent', '2022', 'The long baguette in light pink suede with the gold logo bar. Carried to one summer wedding.', { body: '#e8b9c3' }),
  r('Dolce & Gabbana Sicily Raffia Bag, natural', 'dolce-gabbana', 'Shoulder', 'camera', 'woven', 'beige', 'straw', 690, 1650, 'good', '2019', 'Natural raffia with tan leather trim and the logo plate. A holiday bag that has only been on holiday once.'),
  r('Louis Vuitton Pochette Métis, monogram canvas', 'louis-vuitton', 'Shoulder', 'flap', 'monogram', 'brown', 'coated canvas', 2150, 2900, 'good', '2020', 'Monogram canvas with the S-lock, a top handle and the long strap. The vachetta has taken an even light patina.', { trim: '#c9955f', drop: 2350 }),
  r('Louis Vuitton Alma BB, rose Monogram Vernis', 'louis-vuitton', 'Shoulder', 'camera', 'plain', 'pink', 'patent leather', 1250, 2100, 'excellent', '2018', 'Embossed Monogram Vernis in a soft rose, with the padlock and keys. The patent leather is glossy with no colour transfer.'),
  r('Alexander McQueen Jewelled Satchel Mini, black', 'alexander-mcqueen', 'Shoulder', 'camera', 'plain', 'black', 'leather', 690, 1690, 'good', '2020', 'Smooth black calfskin with the jewelled ring handle. The rings are all firmly set.'),
  r('Givenchy Antigona Small, dusty blue', 'givenchy', 'Shoulder', 'flap', 'plain', 'blue', 'leather', 990, 2490, 'good', '2018', 'Dusty blue box calfskin with the triangular logo plate. It still stands up on its own.', { body: '#5b7798' }),
  r('Versace La Medusa Small, black and gold', 'versace', 'Shoulder', 'flap', 'plain', 'black', 'leather', 820, 1975, 'good', '2020', 'Black calfskin with the gold Medusa head and a chain strap. The Medusa has a few hairline scratches.'),
  r('Jimmy Choo Bon Bon Bag, gold', 'jimmy-choo', 'Shoulder', 'halfmoon', 'plain', 'gold', 'leather', 540, 1150, 'excellent', '2022', 'Metallic gold leather with the round crystal handle. Worn to one party and stored in its bag.', { size: 0.7, body: '#c9a44c' }),
  // ---- Shoulder, premium
  r('Coach Willow Bucket Bag, purple', 'coach', 'Shoulder', 'bucket', 'plain', 'purple', 'leather', 175, 395, 'good', '2022', 'Deep purple pebbled leather with a drawstring and the C-shaped hardware. Roomier than it looks.'),
  r('Michael Kors Mercer Medium Crossbody, powder blush', 'michael-kors', 'Shoulder', 'flap', 'pebbled', 'pink', 'leather', 85, 298, 'good', '2020', 'Powder blush pebbled leather with a removable strap and the logo padlock. Light wear on the base.'),
  r('Kate Spade Morgan Saffiano Crossbody, sunshine yellow', 'kate-spade', 'Shoulder', 'camera', 'plain', 'yellow', 'leather', 75, 228, 'excellent', '2023', 'Bright yellow saffiano with the spade logo. Still with its card in the inner pocket.'),
  r('Tory Burch Fleming Small Convertible Shoulder Bag, new cream', 'tory-burch', 'Shoulder', 'flap', 'quilted', 'white', 'leather', 260, 548, 'good', '2021', 'New cream lambskin quilted in the Fleming diamonds, with a chain that wears long or doubled.', { drop: 290 }),
  r('Marc Jacobs The Snapshot, black multi', 'marc-jacobs', 'Shoulder', 'camera', 'stripes', 'multicolour', 'leather', 180, 350, 'good', '2021', 'The colour-block camera bag in black, red and cream saffiano, with the logo strap.', { body: '#1f1f22', trim: '#c0392b' }),
  r('Furla Metropolis Mini Crossbody, silver', 'furla', 'Shoulder', 'flap', 'plain', 'silver', 'leather', 110, 298, 'excellent', '2022', 'Laminated silver leather with the arched Metropolis clasp. Looks new.', { size: 0.85, body: '#b3b7bd' }),
  r('Polène Numéro Un Nano, camel', 'polene', 'Shoulder', 'bucket', 'plain', 'tan', 'leather', 260, 420, 'excellent', '2023', 'Camel full-grain calfskin with the curving flap that gives the Numéro Un its shape. Made in Ubrique.'),
  r('Cult Gaia Ark Small, natural bamboo', 'cult-gaia', 'Shoulder', 'halfmoon', 'stripes', 'beige', 'other', 250, 498, 'good', '2021', 'The caged half-moon in natural bamboo with a fabric pouch inside. All the slats are straight and intact.', { body: '#d9bf8f', trim: '#a07a45' }),
  r('Staud Moon Bag, cream', 'staud', 'Shoulder', 'halfmoon', 'plain', 'white', 'leather', 130, 295, 'good', '2021', 'Cream leather with a curved handle and a shoulder strap. Marks on the base, shown in the photos.'),
  r('Kurt Geiger Kensington Small, gold', 'kurt-geiger', 'Shoulder', 'flap', 'quilted', 'gold', 'leather', 110, 245, 'good', '2021', 'Quilted metallic gold leather with the eagle-head logo and a chain. A party bag that still sparkles.'),
  r('By Far Rachel, cream croc-embossed', 'by-far', 'Shoulder', 'halfmoon', 'croc', 'white', 'leather', 290, 540, 'excellent', '2022', 'Cream croc-embossed leather in the slim baguette shape of the Rachel.'),
  r('A.P.C. Demi-Lune Mini, noir', 'a-p-c', 'Shoulder', 'halfmoon', 'plain', 'black', 'leather', 230, 420, 'good', '2020', 'Black smooth calfskin in the half-moon shape, with an adjustable strap. Simple and easy to wear every day.', { size: 0.8 }),
  r('Vivienne Westwood Yasmine Mini, lilac', 'vivienne-westwood', 'Shoulder', 'baguette', 'plain', 'purple', 'synthetic', 120, 260, 'excellent', '2022', 'Lilac vegan leather with the orb hardware. A very cute bag, hardly used.', { body: '#a689c2' }),
  r('Lancel Premier Flirt Small, red', 'lancel', 'Shoulder', 'hobo', 'plain', 'red', 'leather', 210, 590, 'good', '2019', 'Red smooth calfskin with the gold Lancel pin and two straps.'),
  r('Aspinal of London Lottie Bag, tan pebble', 'aspinal-of-london', 'Shoulder', 'flap', 'pebbled', 'tan', 'leather', 190, 495, 'good', '2019', 'Tan pebbled calf with the signature lock and a suede lining.'),
  r('Radley Dukes Place Medium Shoulder Bag, black', 'radley', 'Shoulder', 'flap', 'pebbled', 'black', 'leather', 70, 229, 'fair', '2017', 'Black grained leather with the Scottie dog charm. Well used and priced for it.'),
  // ---- Shoulder, high street and unbranded
  r('Mango Quilted Chain Shoulder Bag, silver', 'mango', 'Shoulder', 'flap', 'quilted', 'silver', 'synthetic', 45, 80, 'excellent', '2023', 'Silver quilted faux leather with a chain and leather shoulder strap. Worn once for New Year.'),
  r('H&M Quilted Shoulder Bag, cream', 'hm', 'Shoulder', 'flap', 'quilted', 'white', 'synthetic', 40, 50, 'excellent', '2024', 'Cream quilted faux leather with a gold chain. Bought for a photo shoot and worn for an afternoon.', { body: '#f3eee2' }),
  r('& Other Stories Suede Bucket Bag, burnt orange', 'other-stories', 'Shoulder', 'bucket', 'plain', 'orange', 'suede', 60, 129, 'good', '2022', 'Burnt orange suede with a drawstring and a leather strap. The suede has a couple of flattened patches.'),
  r('Topshop Denim Baguette, mid blue', 'topshop', 'Shoulder', 'baguette', 'canvas', 'blue', 'denim', 40, 45, 'good', '2019', 'Mid-blue washed denim baguette with a short strap, very 2000s. Faded evenly at the edges.', { body: '#5677a0' }),
  r('Calvin Klein Re-Lock Shoulder Bag, grey', 'calvin-klein', 'Shoulder', 'flap', 'plain', 'grey', 'synthetic', 55, 150, 'good', '2022', 'Grey faux leather with the Re-Lock clasp. A clean, simple shape for work.'),
  r('Fossil Harper Small Crossbody, brown', 'fossil', 'Shoulder', 'flap', 'plain', 'brown', 'leather', 50, 148, 'good', '2021', 'Brown leather with a key-lock clasp and an adjustable strap.'),
  r('Accessorize Beaded Evening Clutch, gold', 'accessorize', 'Shoulder', 'baguette', 'dots', 'gold', 'other', 40, 65, 'excellent', '2023', 'A glass-bead clutch in gold with a fold-away chain. Every bead is in place.'),
  r('Vintage 1970s Suede Fringe Shoulder Bag', 'unbranded', 'Shoulder', 'hobo', 'plain', 'tan', 'suede', 85, 160, 'fair', '1998', 'Tan suede with a long fringe, bought at a vintage market in Austin. It has a story and some marks to prove it.'),
  r('Handmade Velvet Pouch Bag, plum', 'unbranded', 'Shoulder', 'bucket', 'plain', 'purple', 'fabric', 45, 90, 'excellent', '2023', 'Plum cotton velvet with a silk drawstring, made by a small studio in Lisbon.', { body: '#5e2d5e' }),
  // ---- Tote
  r('Louis Vuitton Onthego MM, Monogram Reverse', 'louis-vuitton', 'Tote', 'open', 'monogram', 'brown', 'coated canvas', 2750, 3550, 'excellent', '2022', 'Monogram and Monogram Reverse canvas, with top handles and the long strap. Carried a few times to the office.', { trim: '#d8a66e' }),
  r('Louis Vuitton Speedy Bandoulière 25, Damier Ebène', 'louis-vuitton', 'Tote', 'structured', 'chevron', 'brown', 'coated canvas', 1350, 2150, 'good', '2019', 'Damier Ebène canvas with the shoulder strap, padlock and keys. The zip runs smoothly.', { drop: 1500 }),
  r('Chanel Deauville Medium Tote, beige canvas', 'chanel', 'Tote', 'shopper', 'canvas', 'beige', 'canvas', 3150, 4500, 'good', '2021', 'Beige canvas with the printed logo and chain-threaded leather handles. A summer bag used for two summers.'),
  r('Hermès Garden Party 36, vert canvas', 'hermes', 'Tote', 'open', 'canvas', 'green', 'canvas', 2600, 3600, 'good', '2016', 'Green toile with leather trim and the press stud. Light wear on the corners, clean inside.'),
  r('Goyard Anjou Mini, red Goyardine', 'goyard', 'Tote', 'open', 'dots', 'red', 'coated canvas', 2350, 3000, 'excellent', '2022', 'Red Goyardine on one side and red leather on the other: the Anjou is reversible. With the pouch.', { trim: '#8e1e24' }),
  r('Celine Luggage Micro, souris', 'celine', 'Tote', 'structured', 'pebbled', 'grey', 'leather', 1650, 3500, 'good', '2017', 'Souris grey drummed calfskin with the winged silhouette. The corners show light rubbing.', { size: 0.8 }),
  r('Prada Galleria Saffiano Medium, papaya', 'prada', 'Tote', 'structured', 'pebbled', 'orange', 'leather', 2100, 4100, 'good', '2019', 'Papaya orange Saffiano with the triangle logo and the padlock. The Saffiano is scratch-free.', { drop: 2400 }),
  r('Gucci Ophidia Medium Tote, GG Supreme', 'gucci', 'Tote', 'open', 'monogram', 'beige', 'coated canvas', 1150, 2250, 'good', '2020', 'Beige and ebony GG Supreme with the green and red web stripe. Roomy and light.'),
  r('Burberry Vintage Check Medium Tote', 'burberry', 'Tote', 'open', 'stripes', 'beige', 'coated canvas', 520, 1290, 'good', '2016', 'The Vintage Check in coated canvas with brown leather handles.', { body: '#d8c29a', trim: '#6b3a20' }),
  r('Stella McCartney Falabella Tote, grey', 'stella-mccartney', 'Tote', 'shopper', 'plain', 'grey', 'synthetic', 560, 1190, 'good', '2019', 'Grey Shaggy Deer faux suede with the diamond-cut chain trim. Vegan from end to end.'),
  r('Miu Miu Denim Shopping Bag, washed blue', 'miu-miu', 'Tote', 'open', 'canvas', 'blue', 'denim', 790, 1650, 'good', '2022', 'Washed blue denim with leather handles and the embroidered logo. The denim fades the way denim should.', { body: '#4f6f9a' }),
  r('Dior Book Tote Medium, blue Oblique', 'dior', 'Tote', 'shopper', 'monogram', 'blue', 'fabric', 2650, 3650, 'excellent', '2021', 'Blue Dior Oblique embroidery on both sides. Carried a few times; the corners are clean.'),
  r('Loewe Basket Bag Small, natural palm leaf', 'loewe', 'Tote', 'open', 'woven', 'beige', 'straw', 380, 590, 'excellent', '2023', 'Hand-woven palm leaf with tan calfskin handles and the embossed Anagram.', { body: '#dcc694', trim: '#9a6a3a' }),
  r('The Row Park Tote Medium, chocolate', 'the-row', 'Tote', 'structured', 'plain', 'brown', 'leather', 2950, 4650, 'excellent', '2022', 'Chocolate grained calfskin, unlined, with no logo at all. It slumps softly on the arm.', { drop: 3300 }),
  r('Chloé Woody Tote Medium, beige linen', 'chloe', 'Tote', 'shopper', 'canvas', 'beige', 'fabric', 540, 890, 'excellent', '2023', 'Beige linen canvas with the woven logo ribbon and tan leather trim.'),
  r('Coach Field Tote 30, chalk', 'coach', 'Tote', 'structured', 'pebbled', 'white', 'leather', 195, 450, 'good', '2021', 'Chalk white pebbled leather with the horse-and-carriage plate and a crossbody strap.'),
  r('Michael Kors Jet Set Travel Large Tote, vanilla signature', 'michael-kors', 'Tote', 'structured', 'monogram', 'beige', 'coated canvas', 95, 398, 'good', '2020', 'Vanilla signature logo print with tan trim, fits a 13-inch laptop.', { trim: '#a57142' }),
  r('Kate Spade Knott Medium Satchel, red currant', 'kate-spade', 'Tote', 'structured', 'plain', 'red', 'leather', 120, 378, 'good', '2021', 'Red currant pebbled leather with the knotted handles and a long strap.'),
  r('Tory Burch McGraw Tote, tan', 'tory-burch', 'Tote', 'open', 'pebbled', 'tan', 'leather', 165, 398, 'good', '2020', 'Tan pebbled leather with the logo plaque. The pebbling hides the daily wear well.'),
  r('Longchamp Le Pliage Original Medium, red', 'longchamp', 'Tote', 'pliage', 'canvas', 'red', 'nylon', 70, 155, 'good', '2022', 'Red recycled nylon with cognac leather trim. Folds into a square the size of a book.', { trim: '#7a4b2a' }),
  r('Strathberry Midi Tote, bottle green', 'strathberry', 'Tote', 'structured', 'plain', 'green', 'leather', 290, 695, 'excellent', '2022', 'Bottle green box calf with the signature music bar. Made in Spain, barely carried.'),
  r('Telfar Shopping Bag Medium, oxblood', 'telfar', 'Tote', 'shopper', 'plain', 'red', 'synthetic', 170, 202, 'excellent', '2022', 'Oxblood vegan leather with the embossed logo. Bought in a drop and used twice.', { body: '#6e1c22' }),
  r('Telfar Shopping Bag Small, cream', 'telfar', 'Tote', 'shopper', 'plain', 'white', 'synthetic', 135, 150, 'good', '2021', 'Cream vegan leather with the embossed logo and the long straps.', { size: 0.8 }),
  r('Anya Hindmarch Neeson Square Tote, natural', 'anya-hindmarch', 'Tote', 'open', 'canvas', 'beige', 'canvas', 160, 395, 'good', '2020', 'Natural canvas with tan leather trim and a zip pocket inside.'),
  r('Kate Spade Flower Jacquard Tote, multi', 'kate-spade', 'Tote', 'shopper', 'dots', 'multicolour', 'fabric', 65, 229, 'good', '2021', 'A cheerful floral jacquard in pink, yellow and green with leather handles.', { body: '#e39a4c', trim: '#2f6b4a' }),
  r('Marc Jacobs The Tote Bag Mini, butter yellow', 'marc-jacobs', 'Tote', 'shopper', 'canvas', 'yellow', 'canvas', 110, 225, 'excellent', '2023', 'Butter yellow cotton canvas with the printed logo and a shoulder strap.', { size: 0.75 }),
  r('Zara Faux Leather Shopper, black', 'zara', 'Tote', 'shopper', 'plain', 'black', 'synthetic', 40, 60, 'good', '2023', 'A big black faux leather shopper with a removable pouch. Light scuffs on the base.'),
  r('Zara Raffia Basket Bag, natural', 'zara', 'Tote', 'open', 'woven', 'beige', 'straw', 42, 60, 'excellent', '2024', 'Natural woven raffia with leather handles. Used on one beach holiday.', { body: '#d8c08c' }),
  r('Mango Leather Shopper Bag, cognac', 'mango', 'Tote', 'open', 'plain', 'tan', 'leather', 60, 130, 'good', '2022', 'Cognac leather with long handles and a magnetic closure.'),
  r('COS Quilted Tote, navy', 'cos', 'Tote', 'shopper', 'quilted', 'blue', 'nylon', 48, 99, 'excellent', '2023', 'Navy quilted recycled nylon, light as air and easy to wipe clean.', { body: '#27365a' }),
  r('Lacoste Anna Tote, navy', 'lacoste', 'Tote', 'pliage', 'pebbled', 'blue', 'coated canvas', 50, 125, 'good', '2021', 'Navy piqué-textured coated canvas with the croc logo, reversible to red inside.'),
  r('Guess Vikky Tote, blush', 'guess', 'Tote', 'structured', 'plain', 'pink', 'synthetic', 45, 118, 'good', '2022', 'Blush faux leather with a removable pouch and the metal logo.'),
  r('Baggu Standard Baggu, orange gingham', 'baggu', 'Tote', 'shopper', 'dots', 'orange', 'nylon', 40, 48, 'excellent', '2024', 'The ripstop nylon shopper in orange gingham, still in its pouch.', { body: '#e0793a', size: 1.1 }),
  r('Handmade Straw Market Basket', 'unbranded', 'Tote', 'open', 'woven', 'yellow', 'straw', 40, 65, 'good', '2022', 'A hand-woven straw basket from a market in Marrakech, with leather handles.', { body: '#e2bb4b' }),
  r('Canvas Farmers Market Tote, olive', 'unbranded', 'Tote', 'shopper', 'canvas', 'green', 'canvas', 40, 55, 'fair', '2018', 'Heavy olive canvas with an inner zip pocket. Faded from many market mornings.', { body: '#6f7a4a' }),
  // ---- Backpacks
  r('Chanel Duma Backpack Small, black lambskin', 'chanel', 'Backpacks', 'mini', 'quilted', 'black', 'leather', 4600, 5800, 'excellent', '2021', 'Black quilted lambskin with the CC zip pulls and chain straps. Kept in its box most of the time.'),
  r('Louis Vuitton Christopher PM, Monogram Eclipse', 'louis-vuitton', 'Backpacks', 'classic', 'monogram', 'black', 'coated canvas', 2650, 4150, 'good', '2019', 'Monogram Eclipse canvas with the two buckled straps and the drawstring.', { trim: '#55585d', drop: 2900 }),
  r('Gucci Ophidia GG Small Backpack', 'gucci', 'Backpacks', 'mini', 'monogram', 'beige', 'coated canvas', 1350, 2450, 'good', '2020', 'GG Supreme canvas with the web stripe and the Double G hardware.'),
  r('Saint Laurent City Backpack, black nylon', 'saint-laurent', 'Backpacks', 'classic', 'plain', 'black', 'nylon', 620, 1290, 'good', '2020', 'Black nylon with leather trim and the embossed logo. Carried to work for a year; clean inside.'),
  r('Balenciaga Explorer Backpack, black', 'balenciaga', 'Backpacks', 'rolltop', 'plain', 'black', 'nylon', 480, 995, 'good', '2021', 'Black recycled nylon with the embroidered logo and a drawstring top.'),
  r('Burberry Vintage Check Rucksack', 'burberry', 'Backpacks', 'classic', 'stripes', 'beige', 'fabric', 690, 1590, 'good', '2018', 'Vintage Check with leather straps and a front pocket.', { body: '#d5bf95', trim: '#5b3420' }),
  r('Off-White Binder Clip Backpack, black', 'off-white', 'Backpacks', 'classic', 'plain', 'black', 'leather', 590, 1470, 'fair', '2019', 'Black leather with the binder clip hardware. Well loved: the corners are worn.'),
  r('Valentino Rockstud Backpack, poudre', 'valentino', 'Backpacks', 'mini', 'plain', 'pink', 'leather', 890, 2595, 'good', '2018', 'Poudre pink calfskin with the Rockstud trim along the flap.'),
  r('Mulberry Heritage Backpack, oak', 'mulberry', 'Backpacks', 'classic', 'pebbled', 'tan', 'leather', 520, 1250, 'good', '2019', 'Oak natural-grain leather with the postman’s lock and buckled straps.', { drop: 590 }),
  r('Michael Kors Rhea Medium Studded Backpack, admiral', 'michael-kors', 'Backpacks', 'mini', 'plain', 'blue', 'leather', 110, 398, 'good', '2020', 'Admiral blue leather with studs along the front pocket.'),
  r('Tumi Alpha Bravo Search Backpack, black', 'tumi', 'Backpacks', 'classic', 'canvas', 'black', 'nylon', 140, 395, 'good', '2020', 'Black ballistic nylon with a padded laptop sleeve and the Tumi tracer tag.'),
  r('Tumi Voyageur Celina Backpack, blush', 'tumi', 'Backpacks', 'mini', 'plain', 'pink', 'nylon', 95, 275, 'excellent', '2022', 'Blush nylon with leather trim and a luggage sleeve.'),
  r('Fjällräven Kånken Classic, ochre', 'fjallraven', 'Backpacks', 'kanken', 'canvas', 'yellow', 'synthetic', 48, 80, 'good', '2021', 'Ochre Vinylon F with the seat pad still in the back pocket.', { body: '#d9a23a' }),
  r('Fjällräven Kånken Laptop 15, navy', 'fjallraven', 'Backpacks', 'kanken', 'canvas', 'blue', 'synthetic', 55, 110, 'good', '2022', 'Navy Vinylon F with a padded laptop pocket.', { size: 1.1 }),
  r('Herschel Nova Mid-Volume, ash rose', 'herschel', 'Backpacks', 'mini', 'canvas', 'pink', 'fabric', 40, 70, 'good', '2021', 'Ash rose polyester with a laptop sleeve and the striped lining.'),
  r('Herschel Retreat Backpack, woodland camo', 'herschel', 'Backpacks', 'classic', 'dots', 'multicolour', 'fabric', 45, 90, 'good', '2019', 'Woodland camo with tan synthetic leather straps and a magnetic flap.', { body: '#5c6a42', trim: '#b98a5a' }),
  r('Longchamp Le Pliage Original Backpack M, navy', 'longchamp', 'Backpacks', 'classic', 'canvas', 'blue', 'nylon', 75, 155, 'excellent', '2023', 'Navy recycled nylon with cognac leather, folds flat for travel.', { trim: '#7a4b2a' }),
  r('Dagne Dover Dakota Neoprene Backpack, onyx', 'dagne-dover', 'Backpacks', 'mini', 'plain', 'black', 'synthetic', 85, 175, 'good', '2022', 'Onyx neoprene with a laptop sleeve and a shoe bag. Washable.'),
  r('Kate Spade Chelsea Nylon Backpack, sage', 'kate-spade', 'Backpacks', 'classic', 'plain', 'green', 'nylon', 70, 229, 'good', '2022', 'Sage recycled nylon with the spade logo and a front zip pocket.', { body: '#8aa58b' }),
  r('Tommy Hilfiger Iconic Backpack, corporate stripe', 'tommy-hilfiger', 'Backpacks', 'classic', 'stripes', 'multicolour', 'fabric', 45, 110, 'good', '2021', 'Navy with the red and white stripe across the front.', { body: '#22304d', trim: '#c0392b' }),
  r('Eastpak Padded Pak’r, purple', 'eastpak', 'Backpacks', 'classic', 'canvas', 'purple', 'fabric', 40, 60, 'good', '2020', 'Purple polyester with the padded back and a front pocket. Comes with the 30-year warranty.', { body: '#5c3b7a' }),
  r('JanSport SuperBreak Plus, forest', 'jansport', 'Backpacks', 'classic', 'canvas', 'green', 'fabric', 40, 55, 'excellent', '2024', 'Forest green with a laptop sleeve and a water bottle pocket. Used for one term.'),
  r('Calvin Klein Logo Backpack, silver', 'calvin-klein', 'Backpacks', 'mini', 'plain', 'silver', 'synthetic', 45, 120, 'good', '2022', 'Metallic silver faux leather with a front zip pocket.', { body: '#b6b9bf' }),
  r('Baggu Nylon Backpack, orange', 'baggu', 'Backpacks', 'rolltop', 'plain', 'orange', 'nylon', 40, 54, 'good', '2023', 'Bright orange recycled nylon with a drawstring top. Packs into its own pocket.', { body: '#e06a2a' }),
  r('Hand-Stitched Leather Rucksack, cognac', 'unbranded', 'Backpacks', 'rolltop', 'plain', 'brown', 'leather', 150, 320, 'good', '2017', 'Thick vegetable-tanned leather stitched by hand in Florence, with brass buckles.', { body: '#7a4a2a' }),
  r('Vintage Denim Drawstring Backpack', 'unbranded', 'Backpacks', 'mini', 'canvas', 'blue', 'denim', 40, 60, 'fair', '2005', 'Cut from old jeans, with a drawstring and leather trim. Patched once on the base.', { body: '#46648c' }),
]

const SELLER_ORDER: readonly DemoSellerKey[] = ['amelia', 'daniel', 'sofia', 'liam', 'priya', 'chloe']

const CATEGORY_KIND = { Shoulder: 'shoulder', Tote: 'tote', Backpacks: 'backpack' } as const

/** The picture's body colour for each colour name (a row may give its own shade). */
const COLOUR_HEX: Record<Colour, string> = {
  black: '#1e1e21',
  white: '#efece6',
  beige: '#e0d2b8',
  brown: '#5e3b24',
  tan: '#b98552',
  grey: '#85888d',
  red: '#b3242f',
  pink: '#e3a2b2',
  orange: '#d9682b',
  yellow: '#e6c13f',
  green: '#3f6b4a',
  blue: '#2c4a7a',
  purple: '#6a3f7d',
  gold: '#c9a44c',
  silver: '#b9bcc2',
  multicolour: '#d9682b',
}

const BACKDROPS = ['#ebe6df', '#e9e1d8', '#e6e9ec', '#ece6ee', '#e4ebe6', '#efe8e1', '#e8e4dc'] as const

/** Width, height, depth and strap drop in cm of each shape at its usual size (backpacks: no drop). */
const SIZES: Record<Shape, [number, number, number, number?]> = {
  flap: [25, 16, 7, 55],
  camera: [22, 15, 7, 58],
  baguette: [27, 15, 6, 24],
  hobo: [30, 26, 8, 22],
  halfmoon: [26, 16, 6, 56],
  bucket: [22, 24, 18, 50],
  open: [40, 30, 18, 26],
  shopper: [38, 36, 14, 28],
  pliage: [44, 30, 18, 24],
  structured: [34, 26, 16, 12],
  classic: [30, 42, 14],
  kanken: [27, 38, 13],
  mini: [22, 28, 11],
  rolltop: [30, 45, 13],
}

// the wear a seller of each condition notes, area by area: picked in turn so neighbours differ
const WEAR: Record<Condition, Partial<Record<WearArea, readonly string[]>>> = {
  excellent: {
    corners: ['Crisp, with no rubbing.', 'No wear on any corner.'],
    hardware: ['Bright, with the protective film still on the clasp.', 'No scratches worth noting.'],
    interior: ['Clean, with no marks or odours.'],
  },
  good: {
    exterior: ['A few light marks on the back panel.', 'Faint scratches, only visible in raking light.'],
    corners: ['Light rubbing on the two lower corners.', 'Slight wear on one corner.'],
    handles: ['Slightly darkened where they are held.', 'Softened with use, no cracks.'],
    hardware: ['Fine hairline scratches from normal use.', 'A little dulled on the edges.'],
    interior: ['A small pen mark in the lining.', 'Clean, with a faint crease in the pocket.'],
  },
  fair: {
    exterior: ['Visible scuffs and a couple of darker patches.', 'Marks and fading all over, shown in the photos.'],
    corners: ['Worn through on two corners.', 'Rubbed, with the edge paint gone on one corner.'],
    handles: ['Darkened and creased from years of use.'],
    hardware: ['Tarnished, but everything closes.'],
    interior: ['Stains in the lining; the pockets are intact.'],
  },
}

const CONDITION_LINE: Record<Condition, readonly string[]> = {
  excellent: [
    'It has been stored stuffed and in its dust bag, and looks almost new.',
    'Carried only a handful of times, with no signs of wear worth noting.',
  ],
  good: [
    'It shows light, honest wear from use, described below and shown in the photos.',
    'Used and cared for: a few small signs of wear, nothing that affects how it carries.',
  ],
  fair: [
    'It has been well used and it shows, so it is priced to match.',
    'Visible wear all round, but it is sound and ready to be used again.',
  ],
}

// the other angles, in the order a seller would add them
const MORE_VIEWS: readonly BagView[] = ['inside', 'back', 'hardware', 'side', 'base']

/** Rounds dollars to the way sellers price: whole dollars under $200, fives above. */
const cents = (dollars: number) => (dollars < 200 ? Math.round(dollars) : Math.round(dollars / 5) * 5) * 100

function listing(row: Row, i: number): DemoListing {
  const seller = SELLER_ORDER[i % SELLER_ORDER.length]!
  const kind = CATEGORY_KIND[row.category]
  const [width, height, depth, drop] = SIZES[row.shape]
  const size = row.size ?? 1
  const cm = (v: number) => Math.round(v * size * 2) / 2
  const includes: Include[] =
    row.price >= 800
      ? ['dust bag', 'authenticity card', ...(i % 3 === 0 ? (['box'] as const) : [])]
      : row.price >= 150
        ? ['dust bag']
        : []
  if (drop !== undefined && drop > 40) includes.push('strap')
  // about two listings in three describe their wear area by area
  const wear: Partial<Record<WearArea, string>> = {}
  if (i % 3 !== 2) {
    for (const [area, lines] of Object.entries(WEAR[row.condition]) as [WearArea, readonly string[]][]) {
      if ((i + area.length) % 3 !== 0 || Object.keys(wear).length === 0) wear[area] = lines[i % lines.length]!
    }
  }
  // 2–6 photos: the front, then the others, starting at a different angle for each bag
  const count = 2 + (i % 5)
  const views: BagView[] = [
    'front',
    ...Array.from({ length: count - 1 }, (_, k) => MORE_VIEWS[(i + k) % MORE_VIEWS.length]!),
  ]
  const daysAgo = (i * 23) % 61
  const body = row.body ?? COLOUR_HEX[row.colour]
  const art = {
    kind,
    shape: row.shape,
    body,
    trim: row.trim ?? body,
    hardware: row.price >= 500 ? 'gold' : i % 2 === 0 ? 'silver' : 'gold',
    pattern: row.pattern,
    background: BACKDROPS[i % BACKDROPS.length]!,
  } as BagArtSpec
  return {
    title: row.title,
    category: row.category,
    ...from(seller),
    originalPriceCents: cents(row.retail),
    resellPriceCents: cents(row.price),
    year: row.year,
    condition: row.condition,
    specialty: includes.length > 0 ? `Comes with ${includes.join(', ')}` : 'The bag on its own, no extras',
    description: `${row.note} ${CONDITION_LINE[row.condition][i % 2]}`,
    advertised: row.advertised ?? false,
    daysAgo,
    brand: row.brand,
    colour: row.colour,
    material: row.material,
    measurements: { width: cm(width), height: cm(height), depth: cm(depth), ...(drop ? { strapDrop: drop } : {}) },
    includes,
    wear,
    views,
    ...(row.drop ? { priceDrop: { fromCents: cents(row.drop), daysAgo: Math.floor(daysAgo / 3) } } : {}),
    art,
  }
}

export const DEMO_LISTINGS: readonly DemoListing[] = [...HAND_WRITTEN, ...ROWS.map(listing)]
