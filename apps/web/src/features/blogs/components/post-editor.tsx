import { messages } from '@preloved/shared/messages'
import { type Post, type PostBody, postBodySchema, slugify } from '@preloved/shared/posts'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { FileField, TextareaField } from '@/components/ui/form-controls'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { toast } from '@/lib/notify'
import { uploadCover, useSavePost } from '../api/posts'
import { PostArticle } from './post-article'

type Errors = Partial<Record<keyof PostBody | 'form', string>>

/**
 * The admin's post editor: title, slug (made from the title until edited), cover photo, markdown body with a
 * preview of the page it makes, and published or draft. Checked with the server's own schema before it is sent.
 */
export function PostEditor({ post }: { post?: Post }) {
  const navigate = useNavigate()
  const save = useSavePost(post?._id)
  const [title, setTitle] = useState(post?.title ?? '')
  const [slug, setSlug] = useState(post?.slug ?? '')
  const [slugEdited, setSlugEdited] = useState(post !== undefined)
  const [cover, setCover] = useState<{ url: string; thumb: string } | null>(
    post?.cover && post.coverThumb ? { url: post.cover, thumb: post.coverThumb } : null,
  )
  const [uploading, setUploading] = useState(false)
  const [body, setBody] = useState(post?.body ?? '')
  const [published, setPublished] = useState(post?.published ?? false)
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const [errors, setErrors] = useState<Errors>({})
  const publishedId = useId()
  const panelId = useId()

  const onTitle = (value: string) => {
    setTitle(value)
    if (!slugEdited) setSlug(slugify(value))
  }

  const onCover = async (file: File | undefined) => {
    if (!file) return
    setUploading(true)
    setErrors((e) => ({ ...e, cover: undefined }))
    try {
      const { data } = await uploadCover(file)
      setCover({ url: data.url, thumb: data.thumb })
    } catch (error) {
      setErrors((e) => ({ ...e, cover: isApiError(error) ? error.message : 'The photo could not be uploaded.' }))
    } finally {
      setUploading(false)
    }
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = postBodySchema.safeParse({ title, slug, cover: cover?.url ?? null, body, published })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form') as keyof Errors
        next[field] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast.success(saved.published ? messages.posts.published : messages.posts.draftSaved)
        if (!post || post.slug !== saved.slug) void navigate(paths.dashboard.editPost(saved.slug), { replace: true })
      },
      onError: (error) => {
        const message = error.message
        if (isApiError(error) && error.statusCode === 409) setErrors({ slug: message })
        else if (/^Slug/.test(message)) setErrors({ slug: message })
        else if (/^Cover/.test(message)) setErrors({ cover: message })
        else setErrors({ form: message })
      },
    })
  }

  const tabClass = (active: boolean) =>
    `-mb-px border-b-2 px-4 py-2 text-sm font-semibold transition-colors ${
      active ? 'border-primary text-primary' : 'border-transparent text-base-content/75 hover:text-base-content'
    }`

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-4xl flex-col gap-5">
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <Field label="Title" name="title" value={title} onChange={(e) => onTitle(e.target.value)} error={errors.title} />
      <Field
        label="Slug"
        name="slug"
        value={slug}
        onChange={(e) => {
          setSlugEdited(true)
          setSlug(e.target.value)
        }}
        error={errors.slug}
        hint={`The post's address: /blogs/${slug || '…'}. Lowercase letters, digits and hyphens.`}
      />
      <FileField
        label="Cover photo"
        name="cover"
        accept="image/jpeg,image/png,image/webp,image/avif"
        onChange={(e) => void onCover(e.target.files?.[0])}
        error={errors.cover}
        hint={uploading ? 'Uploading…' : 'JPEG, PNG, WebP or AVIF, up to 10 MB. Optional.'}
        preview={
          cover ? (
            <div className="flex items-center gap-3">
              <img src={cover.thumb} alt="Cover preview" className="h-20 w-28 rounded-field object-cover" />
              <Button type="button" variant="subtle" size="sm" onClick={() => setCover(null)}>
                Remove cover
              </Button>
            </div>
          ) : null
        }
      />
      <div className="flex flex-col gap-2">
        <div role="tablist" aria-label="Body" className="flex border-b border-base-300">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'write'}
            aria-controls={panelId}
            className={tabClass(tab === 'write')}
            onClick={() => setTab('write')}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'preview'}
            aria-controls={panelId}
            className={tabClass(tab === 'preview')}
            onClick={() => setTab('preview')}
          >
            Preview
          </button>
        </div>
        <div id={panelId} role="tabpanel" aria-label={tab === 'write' ? 'Write' : 'Preview'}>
          {tab === 'write' ? (
            <TextareaField
              label="Body (markdown)"
              name="body"
              value={body}
              rows={18}
              onChange={(e) => setBody(e.target.value)}
              error={errors.body}
              hint="## Heading, **bold**, *italic*, [link](https://…), - list, > quote. HTML is shown as text."
            />
          ) : (
            <section
              aria-label="Preview of the post"
              className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8"
            >
              <PostArticle
                preview
                post={{
                  title,
                  body,
                  cover: cover?.url ?? null,
                  published_at: published ? (post?.published_at ?? new Date().toISOString()) : null,
                }}
              />
            </section>
          )}
        </div>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={publishedId}
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={published}
          onChange={(e) => setPublished(e.target.checked)}
        />
        <label htmlFor={publishedId} className="font-medium">
          Published (visible to everyone at /blogs)
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending || uploading}>
          {save.isPending ? 'Saving…' : 'Save post'}
        </Button>
        <ButtonLink to={paths.dashboard.posts()} variant="subtle">
          Back to posts
        </ButtonLink>
        {post?.published ? (
          <ButtonLink to={paths.blogPost(post.slug)} variant="subtle">
            View post
          </ButtonLink>
        ) : null}
      </div>
    </form>
  )
}
