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
  className?: string
}

/** A listing photo in a fixed 4:3 box: srcset of the 320 px thumbnail and the 800 px image, no layout shift. */
export function ProductImage({
  img,
  thumb,
  alt,
  sizes,
  eager = false,
  priority = false,
  className,
}: ProductImageProps) {
  return (
    <img
      src={thumb}
      srcSet={photoSrcSet(img, thumb)}
      sizes={sizes}
      alt={alt}
      width={800}
      height={600}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={cn('aspect-[4/3] h-auto w-full bg-base-200 object-cover', className)}
    />
  )
}
