import type { Post } from '@preloved/shared/posts'
import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { formatDay } from '@/lib/format-date'
import { Markdown } from '../markdown/render-markdown'

type PostArticleProps = {
  post: Pick<Post, 'title' | 'body' | 'cover' | 'published_at'>
  /** The admin's preview: no link back to the blog, a heading level that fits the editor's page. */
  preview?: boolean
}

/** A post's page: back link, title, date, cover and the body in the blog's safe markdown subset. */
export function PostArticle({ post, preview = false }: PostArticleProps) {
  const Title = preview ? 'h2' : 'h1'
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col">
      {preview ? null : (
        <Link to={paths.blogs()} className="link link-hover mb-6 inline-flex items-center gap-1.5 text-sm font-medium">
          <ArrowLeft aria-hidden="true" className="size-4" />
          All blog posts
        </Link>
      )}
      <header className="flex flex-col gap-3">
        <Title className="text-4xl leading-tight font-semibold sm:text-5xl">{post.title || 'Untitled'}</Title>
        {post.published_at ? (
          <p className="text-base-content/70">
            Published <time dateTime={post.published_at}>{formatDay(post.published_at)}</time>
          </p>
        ) : (
          <p className="text-base-content/70">Not published yet</p>
        )}
      </header>
      {post.cover ? (
        <img
          src={post.cover}
          alt=""
          width={800}
          height={600}
          fetchPriority={preview ? undefined : 'high'}
          decoding="async"
          className="mt-8 aspect-[4/3] h-auto w-full rounded-box bg-base-200 object-cover"
        />
      ) : null}
      <div className="mt-6 text-lg leading-relaxed text-base-content/90">
        <Markdown source={post.body} />
      </div>
    </article>
  )
}
