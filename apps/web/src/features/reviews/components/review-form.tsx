import { zodResolver } from '@hookform/resolvers/zod'
import { messages } from '@preloved/shared/messages'
import { REVIEW_TEXT_MAX, type ReviewBody, replyBodySchema, reviewBodySchema } from '@preloved/shared/reviews'
import { Star } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { TextareaField } from '@/components/ui/form-controls'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/notify'
import { useCreateReview, useReplyToReview } from '../api/reviews'

const m = messages.reviews

/** The shared schema, with the checked radio button's value (a string, or null before a choice) read as a number. */
const reviewFormSchema = reviewBodySchema.extend({
  rating: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? undefined : Number(value)),
    reviewBodySchema.shape.rating,
  ),
})

/**
 * "Leave a review" (docs/product/reviews.md): 1 to 5 stars as five radio buttons (arrow keys move between them) and the
 * words, checked with the shared reviewBodySchema; the server's refusal (a second review, a closed window) shows under
 * the form.
 */
export function ReviewForm({
  orderId,
  sellerName,
  labelledBy,
}: {
  orderId: string
  sellerName: string
  /** The id of the heading that names the form. */
  labelledBy: string
}) {
  const create = useCreateReview(orderId)
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof reviewFormSchema>, unknown, ReviewBody>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { text: '' },
  })
  const rating = Number(watch('rating') ?? 0)
  const submit = handleSubmit((body) =>
    create.mutateAsync(body).then(
      () => toast.success(m.posted),
      (error: Error) => setError('root', { message: error.message }),
    ),
  )
  const ratingError = errors.rating ? m.ratingRequired : undefined
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby={labelledBy}>
      <p className="text-sm text-base-content/80">{m.leaveReviewLead(sellerName)}</p>
      <fieldset aria-describedby={ratingError ? 'review-rating-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium">{m.ratingLegend}</legend>
        <div className="flex items-center gap-0.5">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-field p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-primary"
            >
              <input
                type="radio"
                value={n}
                className="sr-only"
                aria-invalid={ratingError ? true : undefined}
                {...register('rating')}
              />
              <Star
                aria-hidden="true"
                strokeWidth={1.75}
                className={cn('size-8', n <= rating ? 'fill-current text-accent' : 'text-base-content/40')}
              />
              <span className="sr-only">{m.starOption(n)}</span>
            </label>
          ))}
          {rating > 0 ? (
            <span className="ms-2 text-sm text-base-content/80" aria-hidden="true">
              {m.starOption(rating)}
            </span>
          ) : null}
        </div>
        {ratingError ? (
          <p id="review-rating-error" className="mt-1.5 text-sm font-medium text-error">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label={m.textLabel}
        hint={m.textHint(REVIEW_TEXT_MAX)}
        maxLength={REVIEW_TEXT_MAX}
        size="sm"
        error={errors.text?.message}
        {...register('text')}
      />
      {errors.root?.message ? <FormAlert>{errors.root.message}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {m.submit}
      </Button>
    </form>
  )
}

/** The reviewed seller's one reply, under the review on the order page. */
export function ReplyForm({ orderId, reviewId }: { orderId: string; reviewId: string }) {
  const reply = useReplyToReview(orderId)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof replyBodySchema>, unknown, z.output<typeof replyBodySchema>>({
    resolver: zodResolver(replyBodySchema),
    defaultValues: { text: '' },
  })
  const submit = handleSubmit((body) =>
    reply.mutateAsync({ reviewId, text: body.text }).then(
      () => toast.success(m.replyPosted),
      (error: Error) => setError('root', { message: error.message }),
    ),
  )
  return (
    <form noValidate onSubmit={submit} className="mt-2 flex flex-col gap-3">
      <TextareaField
        label={m.replyLabel}
        hint={m.replyHint}
        maxLength={REVIEW_TEXT_MAX}
        size="sm"
        error={errors.text?.message}
        {...register('text')}
      />
      {errors.root?.message ? <FormAlert>{errors.root.message}</FormAlert> : null}
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
      >
        {m.postReply}
      </Button>
    </form>
  )
}
