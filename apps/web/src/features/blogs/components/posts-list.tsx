import { messages } from '@preloved/shared/messages'
import type { Post } from '@preloved/shared/posts'
import { FileText, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { formatDay } from '@/lib/format-date'
import { toast } from '@/lib/notify'
import { useAllPosts, useDeletePost } from '../api/posts'

/** The admin's posts, drafts and published, each with Edit, View (when public) and Delete. */
export function PostsList() {
  const { data: posts, isPending } = useAllPosts()
  const deletePost = useDeletePost()
  const [toDelete, setToDelete] = useState<Post | null>(null)

  return (
    <div className="flex flex-col gap-5">
      <div>
        <ButtonLink to={paths.dashboard.newPost()} className="gap-2">
          <Plus aria-hidden="true" className="size-4" />
          New post
        </ButtonLink>
      </div>
      {isPending ? (
        <Loading className="py-12" />
      ) : !posts || posts.length === 0 ? (
        <EmptyState icon={<FileText className="size-7" />} title="No posts yet" headingLevel="h2" />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Posts">
          {posts.map((post) => (
            <li
              key={post._id}
              className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center"
            >
              {post.coverThumb ? (
                <img src={post.coverThumb} alt="" className="hidden h-16 w-24 rounded-field object-cover sm:block" />
              ) : null}
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <h2 className="font-sans text-base font-semibold tracking-normal break-words">{post.title}</h2>
                <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/75">
                  {post.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
                  <span className="break-all">/blogs/{post.slug}</span>
                  {post.published_at ? <span>· {formatDay(post.published_at)}</span> : null}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <ButtonLink
                  to={paths.dashboard.editPost(post.slug)}
                  variant="subtle"
                  size="sm"
                  aria-label={`Edit ${post.title}`}
                >
                  Edit
                </ButtonLink>
                {post.published ? (
                  <Link
                    to={paths.blogPost(post.slug)}
                    className="btn btn-ghost btn-sm"
                    aria-label={`View ${post.title}`}
                  >
                    View
                  </Link>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-error"
                  aria-label={`Delete ${post.title}`}
                  onClick={() => setToDelete(post)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        name={toDelete?.title ?? ''}
        busy={deletePost.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          deletePost.mutate(toDelete._id, {
            onSuccess: () => toast.success(messages.posts.deleted),
            onError: (error) => toast.error(error.message),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </div>
  )
}
