// Seeding for `npm run bench`: users, listings, bookings and wishlists generated in SQL (generate_series), so
// 100,000 listings and 10,000 accounts take seconds on PGlite and PostgreSQL alike. Ids are computed from the row
// number, so the load generator knows every id without reading them back.
import { COLOURS, MATERIALS } from '@preloved/shared/constants'
import { hashPassword } from 'better-auth/crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../apps/server/src/db/client.ts'

export interface SeedSizes {
  listings: number
  customers: number
  sellers: number
}

export const BENCH_PASSWORD = 'bench-password-1'

/** Listing `i` (1-based) has this uuid. */
export const productId = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
export const customerEmail = (c: number) => `bench.customer.${c}@bench.test`
export const customerId = (c: number) => `bench-customer-${c}`
/** Customer `c`'s signed-in session: the bench's access tokens are minted from it (a token lives with its session). */
export const customerSessionId = (c: number) => `bench-session-${c}`

/** A listing's title is drawn from these by its row number (listing `i`: size, model and kind at `i` modulo each). */
const models = [
  'Classic Flap',
  'Boy',
  'Speedy',
  'Neverfull',
  'Birkin',
  'Kelly',
  'Marmont',
  'Jackie',
  'Saddle',
  'Puzzle',
  'Luggage',
  'Baguette',
  'Le Pliage',
  'Tabby',
  'Galleria',
  'Cassette',
  'Loulou',
  'Antigona',
]
const bagSizes = ['Mini', 'Small', 'Medium', 'Large', 'Vintage', 'Quilted']
const kinds = ['Shoulder Bag', 'Tote', 'Backpack', 'Crossbody', 'Hobo', 'Top Handle']

/** Listing `i`'s title, as the seed writes it (the product page shows it: the bench checks the page it timed). */
export const listingTitle = (i: number) =>
  `${bagSizes[i % bagSizes.length]} ${models[i % models.length]} ${kinds[i % kinds.length]}`

/** Every 20th listing is sold (a paid booking of a customer points at it); the rest are for sale. */
export const isSold = (i: number) => i % 20 === 0
/** The first half of the customers have orders and a wishlist; the bench reads theirs and books as the others. */
export const hasHistory = (c: number, sizes: SeedSizes) => c <= Math.floor(sizes.customers / 2)

const productUuidSql = (expr: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`

export async function seedBench(db: Db, sizes: SeedSizes): Promise<void> {
  // one scrypt hash shared by every bench account (hashing 10,000 would take minutes); each can sign in with it
  const hash = await hashPassword(BENCH_PASSWORD)
  const { listings: n, customers, sellers } = sizes
  const withHistory = Math.floor(customers / 2)
  const run = async (text: string) => {
    const t = performance.now()
    await db.execute(sql.raw(text))
    if (process.env.BENCH_VERBOSE)
      console.info(`    ${((performance.now() - t) / 1000).toFixed(2)} s: ${text.trim().slice(0, 60)}`)
  }

  await run(`
    insert into "user" (id, name, email, email_verified, role, verified, created_at, updated_at)
    select 'bench-seller-' || s, 'Bench Seller ' || s, 'bench.seller.' || s || '@bench.test', true, 'seller',
           s % 2 = 0, now() - interval '400 days', now() - interval '400 days'
    from generate_series(1, ${sellers}) s`)
  await run(`
    insert into "user" (id, name, email, email_verified, role, verified, created_at, updated_at)
    select 'bench-customer-' || c, 'Bench Customer ' || c, 'bench.customer.' || c || '@bench.test', true,
           'customer', false, now() - interval '300 days', now() - interval '300 days'
    from generate_series(1, ${customers}) c`)
  await run(`
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select 'bench-account-' || u.id, u.id, 'credential', u.id, '${hash}', u.created_at, u.created_at
    from "user" u where u.id like 'bench-%'`)
  await run(`
    insert into session (id, expires_at, token, user_id, created_at, updated_at)
    select 'bench-session-' || c, now() + interval '30 days', 'bench-session-token-' || c, 'bench-customer-' || c,
           now(), now()
    from generate_series(1, ${customers}) c`)

  // brand (one in ten not stated), colour, material, a model name and 2–4 photos: what search filters and finds;
  // condition, brand, colour and material drawn by hash, so that no combination is ruled out by the row number
  const arr = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`
  const photo = (k: string, size: number) => `'/uploads/' || lpad(to_hex(${k}), 24, '0') || '-${size}.webp'`
  await run(`
    insert into product (id, seller_id, title, img, thumb, category, original_price, resell_price, year, location,
                         phone, condition, description, specialty, advertisement, status, created_at, photos,
                         brand_id, colour, material)
    select ${productUuidSql('i')},
           'bench-seller-' || (i % ${sellers} + 1),
           (${arr(bagSizes)})[i % ${bagSizes.length} + 1] || ' ' || (${arr(models)})[i % ${models.length} + 1] || ' ' ||
             (${arr(kinds)})[i % ${kinds.length} + 1],
           ${photo('0', 800)},
           ${photo('0', 320)},
           (array['Shoulder', 'Tote', 'Backpacks'])[i % 3 + 1],
           20000 + (i % 500) * 100,
           10000 + (i * 7919 % 4000) * 100,
           (2010 + i % 15)::text,
           (array['Lisbon', 'Austin', 'Berlin', 'Osaka'])[i % 4 + 1],
           '+1 555 0100',
           (array['excellent', 'good', 'fair'])[abs(hashint4(i + 1)) % 3 + 1],
           'Gently used, clean lining, all hardware intact. Comes with its dust bag.',
           'Dust bag included',
           i % 50 = 1,
           case when i % 20 = 0 then 'sold' else 'available' end,
           now() - interval '1 minute' * (${n} - i + 10),
           (select jsonb_agg(jsonb_build_object('url', ${photo('k', 800)}, 'thumb', ${photo('k', 320)}) order by k)
              from generate_series(0, 1 + i % 3) k),
           case when i % 10 = 0 then null else b.ids[abs(hashint4(i + 2)) % array_length(b.ids, 1) + 1] end,
           case when i % 10 = 5 then null else (${arr(COLOURS)})[abs(hashint4(i + 3)) % ${COLOURS.length} + 1] end,
           case when i % 10 = 5 then null else (${arr(MATERIALS)})[abs(hashint4(i + 4)) % ${MATERIALS.length} + 1] end
    from generate_series(1, ${n}) i,
         (select array_agg(id order by slug) as ids from brand where tier <> 'none') b`)

  // each sold listing was paid for by one customer with history (round robin)
  await run(`
    insert into booking (product_id, customer_id, customer, email, number, location, price, status, expires_at,
                         created_at)
    select ${productUuidSql('s * 20')}, 'bench-customer-' || (s % ${withHistory} + 1),
           'Bench Customer ' || (s % ${withHistory} + 1), 'bench.customer.' || (s % ${withHistory} + 1) || '@bench.test',
           '+1 555 0101', 'Lisbon', 10000, 'paid', now() - interval '20 days', now() - interval '21 days'
    from generate_series(1, ${Math.floor(n / 20)}) s`)
  // and every customer with history has two bookings that ran out (on listings still for sale)
  await run(`
    insert into booking (product_id, customer_id, customer, email, number, location, price, status, expires_at,
                         created_at)
    select ${productUuidSql(`((c * 7 + k * 3) % ${n}) + 1`)}, 'bench-customer-' || c, 'Bench Customer ' || c,
           'bench.customer.' || c || '@bench.test', '+1 555 0101', 'Austin', 12000, 'expired',
           now() - interval '10 days' - interval '1 hour' * k, now() - interval '11 days' - interval '1 hour' * k
    from generate_series(1, ${withHistory}) c, generate_series(1, 2) k`)
  await run(`
    insert into wishlist (product_id, user_id, created_at)
    select ${productUuidSql(`((c * 11 + k * 17) % ${n}) + 1`)}, 'bench-customer-' || c,
           now() - interval '5 days' - interval '1 hour' * k
    from generate_series(1, ${withHistory}) c, generate_series(1, 4) k`)
  await run('analyze')
}
