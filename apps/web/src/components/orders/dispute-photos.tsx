import { cn } from '@/lib/cn'

type DisputePhotosProps = {
  /** The photos' addresses, in the order they were sent. */
  urls: string[]
  /** The list's name ("Buyer's photo", "Amelia’s photos"). */
  label: string
  /** Each photo's text alternative, numbered from 1 ("Buyer's photo 1"). */
  alt: (n: number) => string
  /** Thumbnails of 80 px (`sm`, the order page) or 96 px (`md`, the admin's dispute page). */
  size?: 'sm' | 'md'
}

const sizes = { sm: { px: 80, className: 'size-20' }, md: { px: 96, className: 'size-24' } } as const

/**
 * A dispute's photos (the buyer's report or the seller's answer) as thumbnails, each opening the full picture in a
 * new tab.
 */
export function DisputePhotos({ urls, label, alt, size = 'sm' }: DisputePhotosProps) {
  if (urls.length === 0) return null
  const { px, className } = sizes[size]
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer" className="block rounded-field focus-visible:outline-2">
            <img
              src={url}
              alt={alt(index + 1)}
              width={px}
              height={px}
              loading="lazy"
              className={cn(className, 'rounded-field border border-base-300 bg-base-200 object-cover')}
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
