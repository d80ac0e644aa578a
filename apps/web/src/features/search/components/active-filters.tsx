import { searchMessages as t } from '@preloved/shared/messages/search'
import { X } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { type Chip, cleared } from '../search-params'

/** The active filters as removable chips (each a link to the search without it), and "Clear all". */
export function ActiveFilters({ chips, params }: { chips: Chip[]; params: URLSearchParams }) {
  if (chips.length === 0) return null
  return (
    <nav aria-label={t.activeFilters} className="flex flex-wrap items-center gap-2">
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={paths.search(chip.without)}
              preventScrollReset
              className="inline-flex h-8 items-center gap-1.5 rounded-full border border-base-300 bg-base-100 pr-2.5 pl-3.5 text-sm font-medium shadow-xs transition-colors hover:border-primary hover:text-primary"
              aria-label={t.removeFilter(chip.label)}
            >
              {chip.label}
              <X aria-hidden="true" className="size-3.5" />
            </Link>
          </li>
        ))}
      </ul>
      {chips.some((chip) => chip.key !== 'q') ? (
        <Link
          to={paths.search(cleared(params))}
          preventScrollReset
          className="link link-primary px-1 text-sm font-medium"
        >
          {t.clearAll}
        </Link>
      ) : null}
    </nav>
  )
}
