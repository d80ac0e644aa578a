import type { MetaFunction } from 'react-router'
import { blogPosts } from '@/features/blogs/blog-posts'
import { BlogCard } from '@/features/blogs/components/blog-card'
import { BlogHero } from '@/features/blogs/components/blog-hero'
import { originOf, pageMeta } from '@/lib/page-meta'
import { hydrateOnIntent } from '../hydrate-on-intent'

// read, then left by a link: no scripts until the visitor acts (docs/decisions/016)
export const handle = hydrateOnIntent

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Our Blog | Preloved Bags Co.',
    description: 'Answers to what buyers and sellers of second-hand bags ask us most, from the Preloved Bags Co. team.',
    share: { origin: originOf(matches), path: '/blogs', type: 'article' },
  })

/** '/blogs': full-height hero and four question-and-answer cards (1 column small, 2 large). */
export default function BlogsRoute() {
  return (
    <>
      <BlogHero />
      <section
        id="posts"
        aria-label="Blog posts"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:px-8 lg:py-24"
      >
        <ul className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:gap-8">
          {blogPosts.map((post, index) => (
            <li key={post.id}>
              <BlogCard post={post} index={index} />
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
