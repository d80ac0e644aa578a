import { photoSrcSet } from '@preloved/shared/images'
import type { Post } from '@preloved/shared/posts'
import { Link } from 'react-router'
import { Card, CardBody, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { formatDay } from '@/lib/format-date'
import { markdownExcerpt } from '../markdown/parse-markdown'

/** A post on the blog page: cover, date, title (the link to its page, covering the card) and its opening words. */
export function BlogCard({ post, eager = false }: { post: Post; eager?: boolean }) {
  const headingId = `post-${post.slug}`
  return (
    <Card aria-labelledby={headingId} className="relative h-full overflow-hidden hover:shadow-md">
      {post.cover && post.coverThumb ? (
        <img
          src={post.coverThumb}
          srcSet={photoSrcSet(post.cover, post.coverThumb)}
          sizes="(min-width: 1024px) 600px, 100vw"
          alt=""
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] h-auto w-full bg-base-200 object-cover"
        />
      ) : null}
      <CardBody className="gap-3 p-6 sm:p-8">
        {post.published_at ? (
          <time dateTime={post.published_at} className="text-sm text-base-content/70">
            {formatDay(post.published_at)}
          </time>
        ) : null}
        <CardTitle as="h2" id={headingId} className="text-2xl sm:text-[1.7rem]">
          <Link
            to={paths.blogPost(post.slug)}
            className="after:absolute after:inset-0 after:content-[''] hover:text-primary focus-visible:outline-none focus-visible:after:rounded-box focus-visible:after:outline-2 focus-visible:after:outline-primary"
          >
            {post.title}
          </Link>
        </CardTitle>
        <p className="leading-relaxed text-base-content/85">{markdownExcerpt(post.body, 240)}</p>
        <p aria-hidden="true" className="mt-auto pt-2 text-sm font-semibold text-primary">
          Read more →
        </p>
      </CardBody>
    </Card>
  )
}
