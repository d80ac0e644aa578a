import { blogPosts } from '@/features/blogs/blog-posts'
import { BlogCard } from '@/features/blogs/components/blog-card'
import { BlogHero } from '@/features/blogs/components/blog-hero'

/** '/blogs': full-height hero and four question-and-answer cards (1 column small, 2 large). */
function BlogsRoute() {
  return (
    <>
      <title>Our Blog | Preloved Bags Co.</title>
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

export { BlogsRoute as Component }
