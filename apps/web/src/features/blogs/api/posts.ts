import type { Post, PostBody } from '@preloved/shared/posts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'

// Checked with the shared schemas, imported when the request starts: zod stays out of the blog pages' first load
// (docs/decisions/010).
const postSchema = () => import('@preloved/shared/posts').then((m) => m.postSchema)
const postListSchema = () => import('@preloved/shared/posts').then((m) => m.postListSchema)
const deleteResultSchema = () => import('@preloved/shared/products').then((m) => m.deleteResultSchema)
const imageUploadResultSchema = () => import('@preloved/shared/products').then((m) => m.imageUploadResultSchema)

/** GET /api/posts: the published posts, newest first (the blog page). */
export const publishedPostsQueryOptions = () =>
  queryOptions({
    queryKey: ['posts', 'published'],
    queryFn: ({ signal }) => api.get('/posts', postListSchema(), { signal }),
  })

/** GET /api/posts/{slug}: one post; a draft only for an admin (404 for anyone else). */
export const postQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['posts', 'slug', slug],
    queryFn: ({ signal }) => api.get(`/posts/${encodeURIComponent(slug)}`, postSchema(), { signal }),
    retry: retryServerErrors,
  })

/** GET /api/posts/all: every post, drafts included (admin). */
export const allPostsQueryOptions = () =>
  queryOptions({
    queryKey: ['posts', 'all'],
    queryFn: ({ signal }) => api.get('/posts/all', postListSchema(), { signal }),
  })

export const usePublishedPosts = () => useQuery(publishedPostsQueryOptions())
export const usePost = (slug: string) => useQuery(postQueryOptions(slug))
export const useAllPosts = () =>
  useQuery({ ...allPostsQueryOptions(), throwOnError: (_error, query) => query.state.data === undefined })

/** POST /api/posts (new) or PUT /api/posts/{id} (a change): the saved post. */
export function useSavePost(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PostBody): Promise<Post> =>
      id ? api.put(`/posts/${encodeURIComponent(id)}`, body, postSchema()) : api.post('/posts', body, postSchema()),
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryOptions(post.slug).queryKey, post)
      return queryClient.invalidateQueries({ queryKey: ['posts'] })
    },
  })
}

export function useDeletePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete(`/posts/${encodeURIComponent(id)}`, deleteResultSchema()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  })
}

/** POST /api/posts/images: a cover photo (admin), re-encoded like the listings' photos. */
export function uploadCover(file: File) {
  const body = new FormData()
  body.append('image', file)
  return api.post('/posts/images', body, imageUploadResultSchema())
}
