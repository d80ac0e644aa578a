import { useParams } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { Loading } from '@/components/ui/loading'
import { usePost } from '@/features/blogs/api/posts'
import { PostEditor } from '@/features/blogs/components/post-editor'

/** '/dashboard/posts/new' and '/dashboard/posts/:slug/edit' (admin): the post editor with its preview. */
export default function PostEditRoute() {
  const { slug } = useParams()
  return slug ? (
    <EditPost slug={slug} />
  ) : (
    <DashboardPage title="New post" lead="Write in markdown; Preview shows the page it makes.">
      <PostEditor />
    </DashboardPage>
  )
}

function EditPost({ slug }: { slug: string }) {
  const { data: post, error } = usePost(slug)
  if (error) throw error
  return (
    <DashboardPage title="Edit post" lead="Write in markdown; Preview shows the page it makes.">
      {post ? <PostEditor key={post._id} post={post} /> : <Loading className="py-12" />}
    </DashboardPage>
  )
}
