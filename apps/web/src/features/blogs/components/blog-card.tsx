import { Badge } from '@/components/ui/badge'
import { Card, CardBody, CardTitle } from '@/components/ui/card'
import type { BlogPost } from '../blog-posts'

export function BlogCard({ post, index }: { post: BlogPost; index: number }) {
  const headingId = `post-${post.id}`
  return (
    <Card aria-labelledby={headingId} className="h-full hover:shadow-sm">
      <CardBody className="gap-4 p-7 sm:p-9">
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="font-display text-3xl font-semibold text-primary">
            {String(index + 1).padStart(2, '0')}
          </span>
          <Badge tone="neutral">{post.topic}</Badge>
        </div>
        <CardTitle as="h2" id={headingId} className="text-2xl sm:text-[1.7rem]">
          {post.question}
        </CardTitle>
        <div className="flex flex-col gap-3 leading-relaxed text-base-content/85">
          {post.answer.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>
      </CardBody>
    </Card>
  )
}
