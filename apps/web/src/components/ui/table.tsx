import { type ReactNode, useId } from 'react'
import { cn } from '@/lib/cn'

export type Column<T> = {
  /** The column's header text. */
  header: ReactNode
  /** What the cell shows for a row; `index` counts from 0. */
  cell: (row: T, index: number) => ReactNode
  /** Classes for the header and the cells (alignment, widths). */
  className?: string
  /** A row header (`<th scope="row">`) names its row for screen readers: use it on the name/title column. */
  rowHeader?: boolean
  /** Left out of the cards of `stackOnPhone` (the row number: a card needs none). */
  hideWhenStacked?: boolean
  /**
   * In the cards of `stackOnPhone`, the cell shows without its column's name: for cells whose content says what it is
   * (an action button such as Delete, a picture), where a label would only repeat it or name the obvious.
   */
  unlabelledWhenStacked?: boolean
}

type DataTableProps<T> = {
  /** Names the table (and its scrolling region) for assistive technology. */
  caption: string
  /** Show the caption on screen too (default: read by screen readers only; the page heading says it). */
  showCaption?: boolean
  columns: Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode
  /**
   * Below the `sm` breakpoint, show each row as a card (a label before each value) instead of a table that scrolls
   * sideways: for tables with more columns than a phone fits and no narrow layout of their own.
   */
  stackOnPhone?: boolean
  className?: string
}

// The stacked layout: the header row is read by screen readers only, each row is a bordered card, each cell a line
// with its column's name (data-label) before the value.
const stack = {
  box: 'max-sm:border-0 max-sm:bg-transparent max-sm:shadow-none',
  table: 'max-sm:block',
  thead: 'max-sm:sr-only',
  tbody: 'max-sm:flex max-sm:flex-col max-sm:gap-3',
  row: 'max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:bg-base-100 max-sm:p-3 max-sm:shadow-sm',
  // every line starts at the card's left edge, whatever the column's own alignment on wider screens
  cell: 'max-sm:flex max-sm:items-center max-sm:border-0 max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:min-w-0 max-sm:text-left',
  label:
    'max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:font-normal max-sm:before:text-base-content/70 max-sm:before:content-[attr(data-label)]',
}

const textOf = (header: ReactNode) => (typeof header === 'string' ? header : undefined)

/** A cell's classes and its `data-label` in the stacked cards. */
const stackedCell = <T,>(column: Column<T>) =>
  column.unlabelledWhenStacked
    ? { className: stack.cell, label: undefined }
    : { className: `${stack.cell} ${stack.label}`, label: textOf(column.header) ?? '' }

/**
 * A zebra-striped daisyUI table in a bordered box. On narrow screens the box scrolls sideways (it is focusable and
 * named, so keyboard users can scroll it too) instead of squeezing the columns, or with `stackOnPhone` each row
 * becomes a card; with no rows it shows `empty`.
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  stackOnPhone = false,
  className,
}: DataTableProps<T>) {
  const on = (classes: string) => (stackOnPhone ? classes : undefined)
  const captionId = useId()
  if (rows.length === 0) return <>{empty}</>
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary',
        on(stack.box),
        className,
      )}
    >
      <table className={cn('table table-zebra table-sm sm:table-md', on(stack.table))}>
        <caption id={captionId} className={showCaption ? 'px-4 pt-4 text-left font-semibold' : 'sr-only'}>
          {caption}
        </caption>
        <thead className={on(stack.thead)}>
          <tr className="border-base-300 bg-base-200/70 text-base-content/80">
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
              <th key={index} scope="col" className={cn('whitespace-nowrap', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={on(stack.tbody)}>
          {rows.map((row, rowIndex) => (
            <tr key={rowKey(row)} className={cn('border-base-300 align-middle', on(stack.row))}>
              {columns.map((column, index) =>
                column.rowHeader ? (
                  <th
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                    key={index}
                    scope="row"
                    data-label={stackOnPhone ? stackedCell(column).label : undefined}
                    className={cn('font-medium', column.className, on(stackedCell(column).className))}
                  >
                    {column.cell(row, rowIndex)}
                  </th>
                ) : (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                    key={index}
                    data-label={stackOnPhone ? stackedCell(column).label : undefined}
                    className={cn(
                      column.className,
                      on(stackedCell(column).className),
                      column.hideWhenStacked && on('max-sm:hidden!'),
                    )}
                  >
                    {column.cell(row, rowIndex)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** The original first column of every table: the row's number, from 1. */
export function indexColumn<T>(): Column<T> {
  return {
    header: '#',
    cell: (_row, index) => index + 1,
    className: 'w-10 text-base-content/70 tabular-nums',
    hideWhenStacked: true,
  }
}

/** A listing's small picture in a table row (the `thumb` URL); decorative, the row names the bag. */
export function TableThumb({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      width={80}
      height={60}
      loading="lazy"
      decoding="async"
      className="aspect-[4/3] h-12 w-16 rounded-field bg-base-200 object-cover"
    />
  )
}
