import { searchMessages as t } from '@preloved/shared/messages/search'
import { Clock, Search, Tag, X } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { addRecentSearch, removeRecentSearch } from '../recent-searches'
import type { Suggestion, SuggestionGroup } from '../suggestions'

type Suggest = (typed: string) => SuggestionGroup[]

const groupLabels = { recent: t.recentGroup, brand: t.brandsGroup, category: t.categoriesGroup } as const

/**
 * The header's search box (docs/product/search.md), an ARIA 1.2 combobox with a list popup. In the server's HTML it is a
 * plain GET form to /search, so it works before (and without) the page's JavaScript. The suggestions' code and the
 * brand list download on the first focus. Keys: ArrowDown/ArrowUp move through the suggestions, Enter opens the
 * active one (or searches the words), Escape closes the list (a second Escape empties the box), Tab leaves, Delete
 * removes the active recent search.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const current = pathname === paths.search() ? (new URLSearchParams(search).get('q') ?? '') : ''
  const inputRef = useRef<HTMLInputElement>(null)
  const suggestRef = useRef<Suggest | null>(null)
  const loadingRef = useRef<Promise<void> | null>(null)
  const [groups, setGroups] = useState<SuggestionGroup[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const baseId = useId()
  const listboxId = `${baseId}-listbox`
  const hintId = `${baseId}-hint`

  const options = groups.flatMap((group) => group.items)
  const optionId = (option: Suggestion) => `${baseId}-${option.id}`
  const activeOption = open ? options[active] : undefined

  const refresh = useCallback((show: boolean) => {
    const suggest = suggestRef.current
    if (!suggest) return
    const next = suggest(inputRef.current?.value ?? '').filter((group) => group.items.length > 0)
    setGroups(next)
    setActive(-1)
    setOpen(show && next.length > 0)
  }, [])

  // the first focus downloads the suggestions (and the brand list); until then the box is a plain form field
  const load = useCallback(() => {
    const refreshIfFocused = () => {
      if (document.activeElement === inputRef.current) refresh(true)
    }
    loadingRef.current ??= import('../suggestions')
      .then((module) => {
        suggestRef.current = module.createSuggester(refreshIfFocused)
        refreshIfFocused()
      })
      .catch(() => {
        loadingRef.current = null // offline: the box still searches; the next focus tries again
      })
    return loadingRef.current
  }, [refresh])

  // focused before the page's scripts ran (a page that hydrates on intent): start as a focus would have
  useEffect(() => {
    if (document.activeElement === inputRef.current) void load()
  }, [load])

  // the box shows the words of the search on screen; elsewhere it starts empty
  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = current
    setOpen(false)
  }, [current])

  const close = () => {
    setOpen(false)
    setActive(-1)
  }

  const choose = (option: Suggestion) => {
    if (option.kind === 'recent') addRecentSearch(option.label)
    if (inputRef.current) inputRef.current.value = option.kind === 'recent' ? option.label : ''
    close()
    navigate(option.to)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const words = inputRef.current?.value.trim() ?? ''
    addRecentSearch(words)
    close()
    navigate(paths.search(words ? { q: words } : undefined))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        if (!open) {
          if (suggestRef.current) refresh(true)
          else void load()
          return
        }
        if (options.length === 0) return
        const step = event.key === 'ArrowDown' ? 1 : -1
        // past either end the focus goes back to the text (no option active), as in a browser's own list
        setActive((index) => {
          const next = index + step
          if (next >= options.length) return -1
          if (next < -1) return options.length - 1
          return next
        })
        return
      }
      case 'Enter':
        if (activeOption) {
          event.preventDefault()
          choose(activeOption)
        }
        return // no active option: the form submits the words
      case 'Escape':
        if (open) {
          event.preventDefault()
          close()
        } else if (event.currentTarget.value) {
          event.preventDefault()
          event.currentTarget.value = ''
        }
        return
      case 'Tab':
        close()
        return
      case 'Delete':
        if (activeOption?.kind === 'recent') {
          event.preventDefault()
          removeRecentSearch(activeOption.label)
          refresh(true)
        }
        return
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark and the plain GET form in one element
    <form
      role="search"
      action={paths.search()}
      method="get"
      onSubmit={submit}
      className={cn('relative', className)}
      aria-label={t.boxLabel}
    >
      <label htmlFor={`${baseId}-input`} className="sr-only">
        {t.boxLabel}
      </label>
      <div className="flex items-center">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 z-10 size-4 text-base-content/60" />
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          name="q"
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-describedby={open && groups.some((group) => group.kind === 'recent') ? hintId : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          defaultValue={current}
          placeholder={t.boxPlaceholder}
          className="input input-sm h-10 w-full rounded-full border-base-300 bg-base-200/60 pr-11 pl-9 text-sm focus:bg-base-100"
          onFocus={() => (suggestRef.current ? refresh(true) : void load())}
          onInput={() => (suggestRef.current ? refresh(true) : void load())}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <button
          type="submit"
          className="btn btn-ghost btn-sm btn-circle absolute right-1 text-base-content/70"
          aria-label={t.submit}
        >
          <Search aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p id={hintId} className="sr-only">
        {t.removeRecentHint}
      </p>
      <div
        id={listboxId}
        role="listbox"
        aria-label={t.suggestions}
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 mt-1.5 max-h-[70dvh] overflow-y-auto rounded-box border border-base-300 bg-base-100 py-2 shadow-lg md:min-w-80"
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options (ARIA), not a form's fieldset
          <div key={group.kind} role="group" aria-labelledby={`${baseId}-${group.kind}`}>
            <div
              id={`${baseId}-${group.kind}`}
              role="presentation"
              className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-base-content/70 uppercase"
            >
              {groupLabels[group.kind]}
            </div>
            {group.items.map((option) => {
              const selected = option === activeOption
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen by keyboard in the box (aria-activedescendant)
                <div
                  key={option.id}
                  id={optionId(option)}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-4 py-2 text-sm',
                    selected ? 'bg-base-200 text-primary' : 'hover:bg-base-200',
                  )}
                  // keep the focus in the box: the list is the box's, not a place of its own
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {option.kind === 'recent' ? (
                    <Clock aria-hidden="true" className="size-4 shrink-0 text-base-content/60" />
                  ) : option.kind === 'brand' ? (
                    <Tag aria-hidden="true" className="size-4 shrink-0 text-base-content/60" />
                  ) : (
                    <Search aria-hidden="true" className="size-4 shrink-0 text-base-content/60" />
                  )}
                  <span className="min-w-0 flex-1 truncate">{option.label}</span>
                  {option.count !== undefined ? (
                    <span className="text-xs text-base-content/70 tabular-nums">{option.count}</span>
                  ) : null}
                  {option.kind === 'recent' ? (
                    // pointer users' remove; keyboard users press Delete (the hint above says so)
                    <span
                      aria-hidden="true"
                      title={t.removeRecent(option.label)}
                      className="-mr-2 grid size-7 place-items-center rounded-full text-base-content/60 hover:bg-base-300"
                      onClick={(event) => {
                        event.stopPropagation()
                        removeRecentSearch(option.label)
                        refresh(true)
                      }}
                    >
                      <X className="size-3.5" />
                    </span>
                  ) : null}
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </form>
  )
}
