import { UNBRANDED_SLUG } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { Brand } from '@preloved/shared/search'
import { Check, ChevronDown } from 'lucide-react'
import { type KeyboardEvent, type Ref, useEffect, useId, useMemo, useState } from 'react'
import { FieldError } from '@/components/ui/field'
import { useBrands } from '@/lib/brands'
import { cn } from '@/lib/cn'

const m = messages.listingForm

/** Lower case without accents: "hermès" finds Hermès. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()

/**
 * Names starting with what was typed first, then names with a word starting with it, then any that contain it; and
 * whether nothing matched at all.
 */
function matching(brands: Brand[], query: string): { options: Brand[]; none: boolean } {
  const q = fold(query)
  const unbranded = brands.find((b) => b.slug === UNBRANDED_SLUG)
  if (!q) return { options: brands, none: false }
  const rank = (name: string) => {
    const n = fold(name)
    if (n.startsWith(q)) return 0
    if (n.split(/[\s&'.-]+/).some((word) => word.startsWith(q))) return 1
    return n.includes(q) ? 2 : 3
  }
  const found = brands
    .map((brand) => ({ brand, rank: Math.min(rank(brand.name), ...brand.aliases.map(rank)) }))
    .filter((b) => b.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.brand.name.localeCompare(b.brand.name))
    .map((b) => b.brand)
  // Unbranded is always on offer: a bag with no brand, or one that is not in the list
  return { options: unbranded && !found.includes(unbranded) ? [...found, unbranded] : found, none: found.length === 0 }
}

type BrandComboboxProps = {
  /** The chosen brand's slug ('' when none). */
  value: string
  onChange: (slug: string) => void
  onBlur: () => void
  name: string
  inputRef: Ref<HTMLInputElement>
  error?: string | undefined
}

/**
 * Brand: an ARIA 1.2 combobox with list autocomplete (WAI-ARIA APG). Typing filters the brands of GET /api/brands and
 * highlights the first; arrows move, Enter chooses, Escape closes the list (or clears the text when it is closed).
 * Only a brand from the list is a value: free text is not a brand (docs/product/listings.md#brands).
 */
export function BrandCombobox({ value, onChange, onBlur, name, inputRef, error }: BrandComboboxProps) {
  const { data: brands, isPending } = useBrands()
  const sorted = useMemo(() => [...(brands ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [brands])
  const nameOf = (slug: string) => sorted.find((b) => b.slug === slug)?.name ?? ''
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const id = useId()
  const listId = `${id}-list`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const { options, none } = useMemo(() => matching(sorted, text), [sorted, text])
  const optionId = (i: number) => `${id}-option-${i}`

  // A value set from outside (Edit's listing, a reset) shows its name once the brands have arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the value and the list, not the typed text
  useEffect(() => {
    if (value) setText(nameOf(value))
  }, [value, sorted])

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  })

  const choose = (brand: Brand) => {
    setText(brand.name)
    onChange(brand.slug)
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) setOpen(true)
        setActive((i) => (event.altKey ? Math.max(i, -1) : i >= last ? 0 : i + 1))
        break
      case 'ArrowUp':
        event.preventDefault()
        if (!open) setOpen(true)
        setActive((i) => (i <= 0 ? last : i - 1))
        break
      case 'Enter':
        if (open && active >= 0 && options[active]) {
          event.preventDefault() // chooses; does not submit the form
          choose(options[active])
        }
        break
      case 'Escape':
        if (open) {
          event.preventDefault()
          setOpen(false)
          setActive(-1)
        } else if (text) {
          event.preventDefault()
          setText('')
          onChange('')
        }
        break
    }
  }

  const onInputBlur = () => {
    setOpen(false)
    setActive(-1)
    // a name typed out in full counts as chosen
    const exact = sorted.find((b) => fold(b.name) === fold(text))
    if (exact && exact.slug !== value) choose(exact)
    onBlur()
  }

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ')
  const expanded = open && !isPending

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {m.brand}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={inputRef}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn('input w-full bg-base-100 pr-11 text-base', error && 'input-error')}
          value={text}
          onChange={(event) => {
            const typed = event.target.value
            setText(typed)
            setOpen(true)
            setActive(typed.trim() ? 0 : -1)
            const exact = sorted.find((b) => fold(b.name) === fold(typed))
            onChange(exact?.slug ?? '')
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onInputBlur}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={m.showBrands}
          aria-expanded={expanded}
          aria-controls={listId}
          className="btn btn-ghost btn-sm btn-square absolute top-1/2 right-1.5 -translate-y-1/2"
          // keeps the focus in the text box
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown aria-hidden="true" className="size-4" />
        </button>
        <div
          id={listId}
          role="listbox"
          aria-label={m.brands}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-field border border-base-300 bg-base-100 py-1 shadow-lg"
        >
          {options.map((brand, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the text box handles the keys (aria-activedescendant)
            <div
              key={brand.slug}
              id={optionId(i)}
              role="option"
              // reached through the text box's aria-activedescendant, never focused itself
              tabIndex={-1}
              aria-selected={i === active}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 py-2 text-base',
                i === active && 'bg-primary/10',
              )}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(brand)}
            >
              <span>{brand.name}</span>
              {brand.slug === value ? <Check aria-hidden="true" className="size-4 text-primary" /> : null}
            </div>
          ))}
        </div>
      </div>
      <p id={hintId} className="text-xs text-base-content/70" aria-live="polite">
        {isPending ? m.brandsLoading : open && none ? m.brandNoMatch : m.brandHint}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
