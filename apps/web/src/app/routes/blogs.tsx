import { messages } from '@preloved/shared/messages'
import type { LoaderFunctionArgs, MetaFunction } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { publishedPostsQueryOptions, usePublishedPosts } from '@/features/blogs/api/posts'
import { BlogCard } from '@/features/blogs/components/blog-card'
import { BlogHero } from '@/features/blogs/components/blog-hero'
import { settingsQueryOptions, useSettings } from '@/features/settings/api/settings'
import { originOf, pageMeta } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { prefetchOnServer } from '@/lib/server-api.server'
import { hydrateOnIntent } from '../hydrate-on-intent'

/** The published posts arrive with the page (the tagline with the layout's settings). */
export const loader = ({ context }: LoaderFunctionArgs) =>
  prefetchOnServer(context, (client) => client.prefetchQuery(publishedPostsQueryOptions()))

export function clientLoader() {
  void queryClient.prefetchQuery(publishedPostsQueryOptions())
  void queryClient.prefetchQuery(settingsQueryOptions())
  return { dehydrated: undefined }
}

// read, then left by a link: no scripts until the visitor acts (docs/decisions/016)
export const handle = hydrateOnIntent

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Our Blog | Preloved Bags Co.',
    description:
      'Guides from the Preloved Bags Co. team: spotting a counterfeit, caring for leather, reading date codes, and what our condition grades mean.',
    share: { origin: originOf(matches), path: '/blogs', type: 'website' },
  })

/** '/blogs': full-height hero, then the published posts as cards (1 column small, 2 large), newest first. */
export default function BlogsRoute() {
  const { data: settings } = useSettings()
  const { data: posts, isPending } = usePublishedPosts()
  return (
    <>
      <BlogHero tagline={settings?.blogTagline ?? messages.blogs.tagline} />
      <section
        id="posts"
        aria-label="Blog posts"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:px-8 lg:py-24"
      >
        {isPending ? (
          <Loading className="py-12" />
        ) : !posts || posts.length === 0 ? (
          <p className="text-center text-lg text-base-content/75">No posts yet. Come back soon.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:gap-8">
            {posts.map((post, index) => (
              <li key={post._id}>
                <BlogCard post={post} eager={index < 2} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
