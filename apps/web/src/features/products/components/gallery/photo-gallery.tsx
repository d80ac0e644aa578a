import { PRODUCT_PAGE_SIZES } from '@preloved/shared/images'
import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { cn } from '@/lib/cn'
import { ProductImage } from '../product-image'

const text = messages.productPage

// The zoom view downloads on the first press of a photo (or when the pointer or focus reaches one), not with the page.
const loadZoom = () => import('./photo-zoom')
const preloadZoom = () => void loadZoom()
const PhotoZoom = lazy(() => loadZoom().then((module) => ({ default: module.PhotoZoom })))

type Photo = Product['photos'][number]

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * The listing's photos. The photos sit side by side in a scroll-snapping strip, so a phone swipes
 * them natively, also before the page's JavaScript runs. Thumbnails, the arrow keys (anywhere in the gallery) and,
 * on wide screens, previous/next buttons move it; pressing the photo opens it full size in a dialog.
 */
export function PhotoGallery({ photos, title }: { photos: Photo[]; title: string }) {
  const [current, setCurrent] = useState(0)
  const [zoomOpen, setZoomOpen] = useState(false)
  // mounted from the first zoom on, so that the dialog's closing (and its focus return) is its own
  const [zoomMounted, setZoomMounted] = useState(false)
  const track = useRef<HTMLDivElement>(null)
  const root = useRef<HTMLElement>(null)
  // where a scroll started by us is heading: the strip passes other photos on the way, which must not be selected
  const heading = useRef<number | null>(null)
  const count = photos.length

  const show = (index: number) => {
    const next = (index + count) % count
    const strip = track.current
    setCurrent(next)
    if (!strip) return
    heading.current = next
    strip.scrollTo({ left: next * strip.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' })
  }

  // a swipe (or a scroll of any kind not started here) selects the photo it comes to rest on
  const onScroll = () => {
    const strip = track.current
    if (!strip || strip.clientWidth === 0) return
    const at = Math.round(strip.scrollLeft / strip.clientWidth)
    if (heading.current !== null) {
      if (at === heading.current) heading.current = null
      return
    }
    if (at !== current && at >= 0 && at < count) setCurrent(at)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2 || event.altKey || event.ctrlKey || event.metaKey) return
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }
    const to = moves[event.key]
    if (to === undefined) return
    event.preventDefault()
    const next = (to + count) % count
    show(next)
    // focus follows the selection: on the thumbnail or the photo it was on
    const focused = document.activeElement
    const kind = focused instanceof HTMLElement ? focused.dataset.gallery : undefined
    if (kind)
      root.current
        ?.querySelector<HTMLElement>(`[data-gallery="${kind}"][data-index="${next}"]`)
        ?.focus({ preventScroll: true })
  }

  const openZoom = () => {
    setZoomMounted(true)
    setZoomOpen(true)
  }

  // the dialog hands focus back to the photo it was opened on, which arrows inside it may have changed: the photo
  // now shown takes it instead
  const zoomWasOpen = useRef(false)
  useEffect(() => {
    if (zoomOpen) zoomWasOpen.current = true
    else if (zoomWasOpen.current) {
      zoomWasOpen.current = false
      root.current?.querySelector<HTMLElement>(`[data-gallery="photo"][data-index="${current}"]`)?.focus()
    }
  }, [zoomOpen, current])

  const several = count > 1
  return (
    <section
      ref={root}
      aria-roledescription="carousel"
      aria-label={text.gallery(title)}
      className="flex flex-col gap-3 lg:flex-row-reverse lg:items-start"
      onKeyDown={onKeyDown}
    >
      <div className="relative min-w-0 flex-1 overflow-hidden rounded-box border border-base-300 bg-base-200">
        <div
          ref={track}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
          onScroll={several ? onScroll : undefined}
        >
          {photos.map((photo, index) => (
            <div
              key={photo.url}
              // only the photo in view is reachable: the others are behind the thumbnails and the arrows
              inert={index !== current}
              className="w-full shrink-0 snap-center snap-always"
            >
              <button
                type="button"
                data-gallery="photo"
                data-index={index}
                aria-label={text.zoomPhoto(index + 1, count)}
                className="block w-full cursor-zoom-in"
                onClick={openZoom}
                onPointerEnter={preloadZoom}
                onFocus={preloadZoom}
              >
                <ProductImage
                  img={photo.url}
                  thumb={photo.thumb}
                  alt={index === 0 ? title : ''}
                  sizes={PRODUCT_PAGE_SIZES}
                  fit="whole"
                  priority={index === 0}
                />
              </button>
            </div>
          ))}
        </div>
        {several ? (
          <>
            <p
              aria-live="polite"
              className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-neutral/75 px-2.5 py-1 text-xs font-medium text-neutral-content tabular-nums"
            >
              <span aria-hidden="true">
                {current + 1} / {count}
              </span>
              <span className="sr-only">{text.photoOf(current + 1, count)}</span>
            </p>
            {/* pointer users' arrows; phones swipe, keyboards have the arrow keys and the thumbnails */}
            <div className="max-lg:hidden">
              <ArrowButton side="left" label={text.previousPhoto} onClick={() => show(current - 1)} />
              <ArrowButton side="right" label={text.nextPhoto} onClick={() => show(current + 1)} />
            </div>
          </>
        ) : null}
      </div>
      {several ? (
        <ul className="flex gap-2 overflow-x-auto p-1 lg:max-h-[34rem] lg:w-20 lg:shrink-0 lg:flex-col lg:overflow-x-visible lg:overflow-y-auto">
          {photos.map((photo, index) => (
            <li key={photo.url} className="shrink-0">
              <button
                type="button"
                data-gallery="thumb"
                data-index={index}
                aria-label={text.photoOf(index + 1, count)}
                aria-current={index === current ? 'true' : undefined}
                className={cn(
                  'block size-16 overflow-hidden rounded-field border-2 bg-base-200 transition sm:size-[4.5rem]',
                  index === current ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100',
                )}
                onClick={() => show(index)}
              >
                <img
                  src={photo.thumb}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {zoomMounted ? (
        <Suspense fallback={null}>
          <PhotoZoom
            open={zoomOpen}
            photos={photos}
            title={title}
            index={current}
            onIndex={show}
            onClose={() => setZoomOpen(false)}
          />
        </Suspense>
      ) : null}
    </section>
  )
}

function ArrowButton({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight
  return (
    <button
      type="button"
      aria-label={label}
      tabIndex={-1}
      className={cn(
        'btn absolute top-1/2 btn-circle -translate-y-1/2 border-base-300 bg-base-100/90 shadow-sm btn-sm hover:bg-base-100',
        side === 'left' ? 'left-3' : 'right-3',
      )}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  )
}
