import {
  CATEGORY_SLUGS,
  COLOUR_SWATCHES,
  COLOURS,
  CONDITION_DEFINITIONS,
  CONDITIONS,
  type Colour,
  MATERIALS,
} from '@preloved/shared/constants'
import { searchMessages as t } from '@preloved/shared/messages/search'
import type { SearchResult } from '@preloved/shared/search'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { cn } from '@/lib/cn'
import { type ListFilter, toggled, valueLabel, withValue } from '../search-params'

type FilterPanelProps = {
  params: URLSearchParams
  /** The current answer's facets: counts with each facet's own filter left out (docs/product/search.md). */
  facets: SearchResult['facets'] | undefined
  /** Goes to the search with these parameters (a new history entry: Back undoes a filter). */
  onChange: (next: URLSearchParams) => void
  brandName: (slug: string) => string | undefined
}

const count = new Intl.NumberFormat('en-US')

type Option = { value: string; label: ReactNode; text: string; count: number | undefined; hint?: string }

/** The options of a facet: every value it knows, with its count; a value with no bag is left out unless chosen. */
function optionsOf(
  key: ListFilter,
  values: readonly string[],
  facets: FilterPanelProps['facets'],
  params: URLSearchParams,
  brandName: (slug: string) => string | undefined,
): Option[] {
  const counts = new Map((facets?.[key] ?? []).map((facet) => [facet.value, facet.count]))
  const chosen = params.getAll(key)
  return values
    .map((value) => {
      const text = valueLabel(key, value, brandName)
      return { value, text, label: text, count: facets ? (counts.get(value) ?? 0) : undefined }
    })
    .filter((option) => option.count === undefined || option.count > 0 || chosen.includes(option.value))
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2 border-t border-base-300 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-2 text-sm font-semibold tracking-wide text-base-content">{legend}</legend>
      {children}
    </fieldset>
  )
}

function CheckList({
  name,
  options,
  params,
  onChange,
  className,
}: {
  name: ListFilter
  options: Option[]
  params: URLSearchParams
  onChange: FilterPanelProps['onChange']
  className?: string
}) {
  const chosen = params.getAll(name)
  return (
    <ul className={cn('flex flex-col gap-1', className)}>
      {options.map((option) => (
        <li key={option.value}>
          <label className="flex cursor-pointer items-start gap-3 rounded-field px-1 py-1.5 hover:bg-base-200">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary mt-0.5"
              name={name}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={() => onChange(toggled(params, name, option.value))}
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-baseline justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">{option.label}</span>
                {option.count !== undefined ? (
                  <span className="shrink-0 text-xs text-base-content/70 tabular-nums">
                    {count.format(option.count)}
                  </span>
                ) : null}
              </span>
              {option.hint ? <span className="text-xs text-base-content/70">{option.hint}</span> : null}
            </span>
          </label>
        </li>
      ))}
    </ul>
  )
}

/** The brands of the answer, most bags first (chosen ones on top), filtered by what is typed above them. */
function BrandFilter({ params, facets, onChange, brandName }: FilterPanelProps) {
  const [typed, setTyped] = useState('')
  const inputId = useId()
  const chosen = params.getAll('brand')
  const known = new Set((facets?.brand ?? []).map((brand) => brand.value))
  const slugs = [...chosen.filter((slug) => !known.has(slug)), ...(facets?.brand ?? []).map((brand) => brand.value)]
  // no bag of this search has a brand (all "Not stated"), and none is chosen: nothing to offer
  if (facets && slugs.length === 0) return null
  const options = optionsOf('brand', slugs, facets, params, brandName)
    .sort((a, b) => Number(chosen.includes(b.value)) - Number(chosen.includes(a.value)))
    .filter((option) => option.text.toLowerCase().includes(typed.trim().toLowerCase()))
  return (
    <Group legend={t.brand}>
      <label htmlFor={inputId} className="sr-only">
        {t.brandFilter}
      </label>
      <input
        id={inputId}
        type="search"
        className="input input-sm w-full"
        placeholder={t.brandFilter}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
      />
      {options.length > 0 ? (
        <CheckList
          name="brand"
          options={options}
          params={params}
          onChange={onChange}
          className="max-h-64 overflow-y-auto pr-1"
        />
      ) : (
        <p className="px-1 text-sm text-base-content/70">{t.noBrandMatches}</p>
      )}
    </Group>
  )
}

function ColourFilter({ params, facets, onChange, brandName }: FilterPanelProps) {
  const chosen = params.getAll('colour')
  const options = optionsOf('colour', COLOURS, facets, params, brandName)
  return (
    <Group legend={t.colour}>
      <ul className="grid grid-cols-2 gap-1">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex cursor-pointer items-center gap-2 rounded-field px-1 py-1.5 text-sm hover:bg-base-200">
              <input
                type="checkbox"
                className="peer sr-only"
                name="colour"
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={() => onChange(toggled(params, 'colour', option.value))}
              />
              {/* the swatch carries the checked state and the focus ring of the hidden checkbox */}
              <span
                aria-hidden="true"
                className="size-5 shrink-0 rounded-full border border-base-content/20 ring-offset-2 ring-offset-base-100 peer-checked:ring-2 peer-checked:ring-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-primary"
                style={{ background: COLOUR_SWATCHES[option.value as Colour] }}
              />
              <span className="min-w-0 flex-1 truncate peer-checked:font-semibold">{option.label}</span>
              {option.count !== undefined ? (
                <span className="text-xs text-base-content/70 tabular-nums">{count.format(option.count)}</span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
    </Group>
  )
}

function PriceFilter({ params, facets, onChange }: FilterPanelProps) {
  const minId = useId()
  const maxId = useId()
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const min = String(form.get('minPrice') ?? '').trim()
    const max = String(form.get('maxPrice') ?? '').trim()
    onChange(withValue(withValue(params, 'minPrice', min), 'maxPrice', max))
  }
  // a new search (Back, a chip removed) shows its own prices: the inputs start afresh
  const key = `${params.get('minPrice') ?? ''}-${params.get('maxPrice') ?? ''}`
  return (
    <Group legend={t.price}>
      <form key={key} onSubmit={apply} className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={minId} className="text-xs text-base-content/75">
            {t.minPrice}
          </label>
          <input
            id={minId}
            name="minPrice"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            className="input input-sm w-full"
            defaultValue={params.get('minPrice') ?? ''}
            placeholder={facets ? String(Math.floor(facets.price.min)) : undefined}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={maxId} className="text-xs text-base-content/75">
            {t.maxPrice}
          </label>
          <input
            id={maxId}
            name="maxPrice"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            className="input input-sm w-full"
            defaultValue={params.get('maxPrice') ?? ''}
            placeholder={facets ? String(Math.ceil(facets.price.max)) : undefined}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-outline btn-primary">
          {t.applyPrice}
        </button>
      </form>
    </Group>
  )
}

/**
 * The filters of /search (the sidebar on wide screens, the drawer on phones): each change is a new URL, so Back
 * undoes it and a shared link carries it. Counts are the facets of the current answer.
 */
export function FilterPanel(props: FilterPanelProps) {
  const { params, facets, onChange, brandName } = props
  const verifiedId = useId()
  const conditions = optionsOf('condition', CONDITIONS, facets, params, brandName).map((option) => ({
    ...option,
    hint: CONDITION_DEFINITIONS[option.value as (typeof CONDITIONS)[number]],
  }))
  return (
    <div className="flex flex-col gap-5">
      <Group legend={t.category}>
        <CheckList
          name="category"
          options={optionsOf('category', CATEGORY_SLUGS, facets, params, brandName)}
          params={params}
          onChange={onChange}
        />
      </Group>
      <BrandFilter {...props} />
      <Group legend={t.condition}>
        <CheckList name="condition" options={conditions} params={params} onChange={onChange} />
      </Group>
      <ColourFilter {...props} />
      <Group legend={t.material}>
        <CheckList
          name="material"
          options={optionsOf('material', MATERIALS, facets, params, brandName)}
          params={params}
          onChange={onChange}
        />
      </Group>
      <PriceFilter {...props} />
      <div className="border-t border-base-300 pt-4">
        <label
          htmlFor={verifiedId}
          className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium"
        >
          {t.verified}
          <input
            id={verifiedId}
            type="checkbox"
            className="toggle toggle-sm toggle-primary"
            checked={params.get('verified') === 'true'}
            onChange={(event) => onChange(withValue(params, 'verified', event.target.checked ? 'true' : undefined))}
          />
        </label>
      </div>
    </div>
  )
}
