import { messages } from '@preloved/shared/messages'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { PostsList } from '@/features/blogs/components/posts-list'

/** '/dashboard/posts' (admin): the blog's posts, drafts included, to write, edit and delete. */
export default function PostsRoute() {
  return (
    <DashboardPage title={messages.nav.posts} lead="Write the blog's posts. Drafts are seen only here.">
      <PostsList />
    </DashboardPage>
  )
}
