import { photoSrcSet } from '@preloved/shared/images'
import { cn } from '@/lib/cn'

type ProductImageProps = {
  img: string
  thumb: string
  alt: string
  /** How wide the image shows, for the browser to pick thumb (320 px) or img (800 px). */
  sizes: string
  eager?: boolean
  /** The page's largest image at first sight (its LCP): fetched ahead of the other images. */
  priority?: boolean
  /**
   * `card`: cropped to a 4:3 box, so that a grid's cards line up. `whole`: the whole photo in a square box (the
   * product page's gallery, where a buyer must see every edge of the bag).
   */
  fit?: 'card' | 'whole'
  className?: string
}

/** A listing photo in a fixed box: srcset of the 320 px thumbnail and the 800 px image, no layout shift. */
export function ProductImage({
  img,
  thumb,
  alt,
  sizes,
  eager = false,
  priority = false,
  fit = 'card',
  className,
}: ProductImageProps) {
  return (
    <img
      src={thumb}
      srcSet={photoSrcSet(img, thumb)}
      sizes={sizes}
      alt={alt}
      width={800}
      height={fit === 'card' ? 600 : 800}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={cn(
        'h-auto w-full bg-base-200',
        fit === 'card' ? 'aspect-[4/3] object-cover' : 'aspect-square object-contain',
        className,
      )}
    />
  )
}
