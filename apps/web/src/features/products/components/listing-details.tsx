import {
  CATEGORY_LABELS,
  COLOUR_SWATCHES,
  CONDITION_DEFINITIONS,
  CONDITION_LABELS,
  MEASUREMENT_LABELS,
  MEASUREMENTS,
  NOT_STATED,
  WEAR_AREAS,
} from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { formatDay } from '@/lib/format-date'

const text = messages.productPage

/** 'patent leather' → 'Patent leather': the API's words as a label. */
const asLabel = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(7.5rem,2fr)_5fr] gap-3 border-b border-base-300 py-2.5 text-sm last:border-b-0">
      <dt className="text-base-content/70">{term}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  )
}

const notStated = <span className="font-normal text-base-content/70">{NOT_STATED}</span>

/**
 * Every field of the listing, in the order a buyer checks them (Vestiaire's item details): what it is, what state it
 * is in, its size, what comes with it, then its history. Brand, colour and material read "Not stated" when the seller
 * left them out (a listing made with the original fields only).
 */
export function ListingDetails({ product }: { product: Product }) {
  const sizes = MEASUREMENTS.filter((m) => product.measurements[m] !== undefined)
  return (
    <dl className="flex flex-col">
      <Row term={text.brand}>
        {product.brand && product.brandSlug ? (
          <Link to={paths.search({ brand: product.brandSlug })} className="link link-hover text-primary">
            {product.brand}
          </Link>
        ) : (
          (product.brand ?? notStated)
        )}
      </Row>
      <Row term={text.condition}>
        {CONDITION_LABELS[product.condition]}
        <span className="block font-normal text-base-content/75">{CONDITION_DEFINITIONS[product.condition]}</span>
      </Row>
      <Row term={text.colour}>
        {product.colour ? (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-4 shrink-0 rounded-full border border-base-content/20"
              style={{ background: COLOUR_SWATCHES[product.colour] }}
            />
            {asLabel(product.colour)}
          </span>
        ) : (
          notStated
        )}
      </Row>
      <Row term={text.material}>{product.material ? asLabel(product.material) : notStated}</Row>
      <Row term={text.measurements}>
        {sizes.length > 0 ? (
          <ul className="flex flex-col">
            {sizes.map((m) => (
              <li key={m}>
                {MEASUREMENT_LABELS[m]} {product.measurements[m]} cm
              </li>
            ))}
          </ul>
        ) : (
          notStated
        )}
      </Row>
      <Row term={text.includes}>
        {product.includes.length > 0 ? product.includes.map(asLabel).join(', ') : text.includesNothing}
      </Row>
      <Row term={text.category}>
        <Link to={paths.search({ category: product.category })} className="link link-hover">
          {CATEGORY_LABELS[product.category]}
        </Link>
      </Row>
      <Row term={text.year}>{product.year}</Row>
      <Row term={text.location}>{product.location}</Row>
      <Row term={text.posted}>
        <time dateTime={product.date}>{formatDay(product.date)}</time>
      </Row>
      {product.specialty ? <Row term={text.specialty}>{product.specialty}</Row> : null}
    </dl>
  )
}

/** The seller's notes on wear, area by area (nothing when the seller wrote none). */
export function WearNotes({ wear }: { wear: Product['wear'] }) {
  const areas = WEAR_AREAS.filter((area) => wear[area]?.trim())
  if (areas.length === 0) return null
  return (
    <section aria-labelledby="wear-heading" className="flex flex-col gap-2">
      <h2 id="wear-heading" className="text-lg font-semibold">
        {text.wear}
      </h2>
      <dl className="flex flex-col">
        {areas.map((area) => (
          <Row key={area} term={text.wearAreas[area]}>
            <span className="font-normal whitespace-pre-line">{wear[area]}</span>
          </Row>
        ))}
      </dl>
    </section>
  )
}
