import type { CategorySlug, Condition, Role } from '@preloved/shared/constants'
import type { BagArtSpec } from './bag-art.ts'

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

/** Every demo account signs in with this password (it meets the signup rules of SPEC §5). */
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
  /** Year of purchase, as text (SPEC §5). */
  year: string
  location: string
  phone: string
  condition: Condition
  specialty: string
  description: string
  advertised: boolean
  /** How long ago the listing was posted. */
  daysAgo: number
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

export const DEMO_LISTINGS: readonly DemoListing[] = [
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
    title: 'L.L.Bean Boat and Tote, Medium',
    category: 'Tote',
    ...from('liam'),
    originalPriceCents: 4_495,
    resellPriceCents: 2_500,
    year: '2020',
    condition: 'good',
    specialty: 'Heavyweight cotton canvas, machine washable',
    description:
      'Natural canvas with navy handles, the classic beach and grocery bag. Washed and clean; the canvas has softened and there is a faint mark near the base.',
    advertised: false,
    daysAgo: 24,
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
    title: 'Madewell The Transport Tote',
    category: 'Tote',
    ...from('chloe'),
    originalPriceCents: 17_800,
    resellPriceCents: 9_500,
    year: '2021',
    condition: 'good',
    specialty: 'Fits a 15-inch laptop',
    description:
      'English saddle leather that has aged well, with riveted handles. Some scratches on the front that blend in with conditioner; the interior pocket is intact.',
    advertised: false,
    daysAgo: 30,
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
    title: 'Everlane The Day Market Tote',
    category: 'Tote',
    ...from('liam'),
    originalPriceCents: 16_500,
    resellPriceCents: 7_500,
    year: '2020',
    condition: 'fair',
    specialty: 'Full-grain Italian leather, unlined',
    description:
      'Bone leather tote used daily for two years. There are visible scuffs on the base and some darkening on the handles, priced to match. Structurally sound with no tears.',
    advertised: false,
    daysAgo: 58,
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
    resellPriceCents: 3_800,
    year: '2022',
    condition: 'excellent',
    specialty: 'Kid-sized, also a great day bag',
    description:
      'Frost green mini backpack used for one school term. No marks, no fading, and the reflective logo is intact. Comes from a smoke-free home.',
    advertised: false,
    daysAgo: 19,
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
    title: 'MCM Stark Backpack in Visetos',
    category: 'Backpacks',
    ...from('amelia'),
    originalPriceCents: 99_500,
    resellPriceCents: 56_000,
    year: '2019',
    condition: 'good',
    specialty: 'Authenticity card included',
    description:
      'Cognac Visetos coated canvas with leather trim and gold hardware. Some rubbing on the bottom edge and light marks on the straps; the print is crisp and the lining clean.',
    advertised: true,
    daysAgo: 13,
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
    title: 'Rains Roll Top Backpack',
    category: 'Backpacks',
    ...from('chloe'),
    originalPriceCents: 9_500,
    resellPriceCents: 5_500,
    year: '2022',
    condition: 'good',
    specialty: 'Waterproof, with room for a 15-inch laptop',
    description:
      'Matte black waterproof backpack that rolls down to close with two buckles. A few light scratches on the coating; the straps and buckles are as new.',
    advertised: false,
    daysAgo: 41,
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
    title: 'Topo Designs Rover Pack',
    category: 'Backpacks',
    ...from('daniel'),
    originalPriceCents: 13_900,
    resellPriceCents: 7_000,
    year: '2019',
    condition: 'fair',
    specialty: 'Made in Colorado',
    description:
      'Olive canvas with black webbing, carried on a lot of hikes. The canvas is faded at the top and one buckle has a small chip; it still closes securely and the zip works.',
    advertised: false,
    daysAgo: 52,
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
    resellPriceCents: 3_000,
    year: '2018',
    condition: 'fair',
    specialty: 'Suede bottom, lifetime warranty',
    description:
      'Heather grey canvas with a front zip pocket. Well loved through college: faded suede on the bottom and a small ink mark inside. The zips and straps are solid.',
    advertised: false,
    daysAgo: 60,
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
