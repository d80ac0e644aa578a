import type { Post } from '@preloved/shared/posts'
import { type ClientLoaderFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useParams } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { postQueryOptions, usePost } from '@/features/blogs/api/posts'
import { PostArticle } from '@/features/blogs/components/post-article'
import { markdownExcerpt } from '@/features/blogs/markdown/parse-markdown'
import { loaderQueryData, originOf, pageMeta } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchOnServer } from '@/lib/server-api.server'
import { hydrateOnIntent } from '../hydrate-on-intent'

/** The post arrives with the page; an unknown slug (or a draft, for anyone but an admin) is the 404 page. */
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  prefetchOnServer(context, (client) => client.fetchQuery(postQueryOptions(params.slug ?? '')).catch(throwRouteError))

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  await queryClient.ensureQueryData(postQueryOptions(params.slug ?? '')).catch(throwRouteError)
  return { dehydrated: undefined }
}

// a reading page: no scripts until the visitor acts, its links are real links (docs/decisions/016)
export const handle = hydrateOnIntent

/** Title, description, canonical, Open Graph with the cover, and schema.org BlogPosting. */
export const meta: MetaFunction = ({ data, params, matches }) => {
  const post = loaderQueryData<Post>(data, postQueryOptions(params.slug ?? '').queryKey)
  if (!post) return [{ title: 'Our Blog | Preloved Bags Co.' }]
  const origin = originOf(matches)
  const path = paths.blogPost(post.slug)
  const description = markdownExcerpt(post.body, 160)
  const image = post.cover ? `${post.cover.startsWith('http') ? '' : origin}${post.cover}` : undefined
  return [
    ...pageMeta({
      title: `${post.title} | Preloved Bags Co.`,
      description,
      share: { origin, path, type: 'article', ...(post.cover ? { image: post.cover, imageAlt: post.title } : {}) },
    }),
    ...(post.published_at ? [{ property: 'article:published_time', content: post.published_at }] : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        ...(image ? { image: [image] } : {}),
        ...(post.published_at ? { datePublished: post.published_at } : {}),
        dateModified: post.updated_at,
        mainEntityOfPage: `${origin}${path}`,
        author: { '@type': 'Organization', name: 'Preloved Bags Co.' },
        publisher: { '@type': 'Organization', name: 'Preloved Bags Co.' },
      },
    },
  ]
}

/** '/blogs/:slug': one post, server-rendered. */
export default function BlogPostRoute() {
  const { slug = '' } = useParams()
  const { data: post } = usePost(slug)
  return (
    <div className="px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      {post ? <PostArticle post={post} /> : <Loading className="py-12" />}
    </div>
  )
}
