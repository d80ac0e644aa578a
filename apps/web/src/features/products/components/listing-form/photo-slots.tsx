import { MAX_PHOTOS, PHOTO_SLOTS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import { ArrowLeft, ArrowRight, ImagePlus, RotateCw, X } from 'lucide-react'
import { type DragEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { FieldError } from '@/components/ui/field'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/toast'
import { uploadImageWithProgress } from '../../api/upload-image'
import type { ListingFormInput, PhotoItem } from './listing-form-schema'

const m = messages.listingForm
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif']
const MAX_PHOTO_BYTES = 10 * 1024 * 1024

/** The suggested name of the photo in this place: Front, Back, Base, Inside, Hardware, Date code, then Photo 7… */
const slotName = (index: number) => PHOTO_SLOTS[index] ?? m.photoSlot(index + 1)

// The server decides a file's type by its bytes; this only spares an upload that is bound to fail.
const refusal = (file: File) =>
  file.type !== '' && !ACCEPTED_TYPES.includes(file.type)
    ? m.photoType
    : file.size > MAX_PHOTO_BYTES
      ? messages.images.tooLarge
      : undefined

const moved = <T,>(list: T[], from: number, to: number) => {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/**
 * Photos (docs/product/listings.md#photos): 1–10 in order, the first the cover. Each chosen file uploads at once through
 * POST /api/images with its own progress; the listing is saved only when every photo has uploaded (docs/product/listings.md#fields: the
 * product is created only after a successful upload). Reordered by dragging a tile, or by its Move left / Move right
 * buttons, whose result a live region announces.
 */
export function PhotoSlots() {
  const { control, getValues, setValue, getFieldState, trigger, setError, formState } =
    useFormContext<ListingFormInput>()
  const photos = useWatch({ control, name: 'photos' }) as PhotoItem[]
  const error = formState.errors.photos?.message
  const id = useId()
  const inputId = `${id}-input`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState<string>()
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; direction: 'left' | 'right' }>()
  const uploads = useRef(new Map<string, AbortController>())
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const nextKey = useRef(0)

  const current = () => getValues('photos') as PhotoItem[]
  const set = (next: PhotoItem[]) => {
    setValue('photos', next, { shouldDirty: true })
    // an error shown under Photos follows what the tiles now hold
    if (getFieldState('photos').error) void trigger('photos')
  }
  const patch = (key: string, change: Partial<PhotoItem>) =>
    set(current().map((photo) => (photo.key === key ? { ...photo, ...change } : photo)))

  const upload = (key: string, file: File) => {
    const controller = new AbortController()
    uploads.current.set(key, controller)
    let shown = 0
    uploadImageWithProgress(
      file,
      (sent) => {
        // a re-render per percent, not per progress event
        if (sent - shown >= 0.01) {
          shown = sent
          patch(key, { progress: sent })
        }
      },
      controller.signal,
    )
      .then(({ url }) => patch(key, { status: 'done', progress: 1, url, file: undefined }))
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return
        const message = reason instanceof Error ? reason.message : String(reason)
        patch(key, { status: 'failed', error: message })
        toast.error(message)
      })
      .finally(() => uploads.current.delete(key))
  }

  const add = (files: File[]) => {
    const room = MAX_PHOTOS - current().length
    const taken = files.slice(0, Math.max(room, 0))
    const added: PhotoItem[] = taken.map((file) => {
      nextKey.current += 1
      const refused = refusal(file)
      return {
        key: `new-${nextKey.current}`,
        preview: URL.createObjectURL(file),
        status: refused ? 'failed' : 'uploading',
        progress: 0,
        file,
        ...(refused ? { error: refused } : {}),
      }
    })
    set([...current(), ...added])
    for (const photo of added) if (photo.status === 'uploading' && photo.file) upload(photo.key, photo.file)
    if (taken.length < files.length) setError('photos', { message: m.tooManyPhotos(MAX_PHOTOS) })
    if (added.length) setAnnouncement(m.added(added.length, current().length))
  }

  const retry = (photo: PhotoItem) => {
    if (!photo.file) return
    patch(photo.key, { status: 'uploading', progress: 0, error: undefined })
    upload(photo.key, photo.file)
  }

  const remove = (photo: PhotoItem) => {
    uploads.current.get(photo.key)?.abort()
    if (photo.preview.startsWith('blob:')) URL.revokeObjectURL(photo.preview)
    const next = current().filter((p) => p.key !== photo.key)
    set(next)
    setAnnouncement(m.removed(next.length))
  }

  const move = (from: number, to: number) => {
    const list = current()
    if (to < 0 || to >= list.length || from === to) return
    set(moved(list, from, to))
    setAnnouncement(m.moved(to + 1, list.length, slotName(to)))
  }

  // Moving a tile moves its buttons in the page, which loses the focus: give it back to the moved photo's button
  // (the other one when it reached the end of the row).
  useLayoutEffect(() => {
    if (!focusAfterMove) return
    const { key, direction } = focusAfterMove
    const same = buttons.current.get(`${key}:${direction}`)
    const other = buttons.current.get(`${key}:${direction === 'left' ? 'right' : 'left'}`)
    ;(same && !same.disabled ? same : other)?.focus()
    setFocusAfterMove(undefined)
  }, [focusAfterMove])

  // Leaving the form stops its uploads and frees its previews.
  useEffect(
    () => () => {
      for (const controller of uploads.current.values()) controller.abort()
      for (const photo of getValues('photos') as PhotoItem[])
        if (photo.preview.startsWith('blob:')) URL.revokeObjectURL(photo.preview)
    },
    [getValues],
  )

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault()
    const from = current().findIndex((p) => p.key === dragging)
    setDragging(undefined)
    if (from >= 0) move(from, to)
  }

  const full = photos.length >= MAX_PHOTOS
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ')
  // the suggested slots still empty, after the one the Add tile fills
  const suggested = PHOTO_SLOTS.slice(photos.length + 1)

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy}>
      {/* the section's heading shows the name; the group keeps it for screen readers */}
      <legend className="sr-only">{m.photos}</legend>
      <p id={hintId} className="text-xs text-base-content/70">
        {m.photosHint(MAX_PHOTOS)}
      </p>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {photos.map((photo, index) => {
          const slot = slotName(index)
          return (
            <li
              key={photo.key}
              draggable
              onDragStart={(event) => {
                setDragging(photo.key)
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', photo.key)
              }}
              onDragEnd={() => setDragging(undefined)}
              onDragOver={(event) => {
                event.preventDefault()
                event.dataTransfer.dropEffect = 'move'
              }}
              onDrop={(event) => onDrop(event, index)}
              className={cn(
                'flex min-w-0 flex-col overflow-hidden rounded-field border bg-base-100',
                photo.status === 'failed' ? 'border-error' : 'border-base-300',
                dragging === photo.key && 'opacity-50',
              )}
            >
              <div className="relative aspect-square cursor-grab bg-base-200 active:cursor-grabbing">
                <img src={photo.preview} alt={m.photoAlt(slot)} draggable={false} className="size-full object-cover" />
                <span className="absolute top-1.5 left-1.5 flex flex-wrap gap-1">
                  {index === 0 ? (
                    <span className="badge badge-sm border-0 bg-primary font-semibold text-primary-content">
                      {m.cover}
                    </span>
                  ) : null}
                  <span className="badge badge-sm border-0 bg-base-100/90 font-medium text-base-content">
                    {index + 1} · {slot}
                  </span>
                </span>
                {photo.status === 'uploading' ? (
                  <div className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-base-100/90 px-2 py-1.5">
                    <progress
                      className="progress progress-primary h-2 flex-1"
                      value={Math.round(photo.progress * 100)}
                      max={100}
                      aria-label={m.uploading(slot)}
                    />
                    <span aria-hidden="true" className="text-xs tabular-nums">
                      {Math.round(photo.progress * 100)}%
                    </span>
                  </div>
                ) : null}
              </div>
              {photo.status === 'failed' ? (
                <p className="px-2 pt-1.5 text-xs font-medium text-error">{photo.error}</p>
              ) : null}
              <div className="mt-auto flex items-center justify-between gap-1 p-1.5">
                <button
                  type="button"
                  ref={(el) => {
                    if (el) buttons.current.set(`${photo.key}:left`, el)
                    else buttons.current.delete(`${photo.key}:left`)
                  }}
                  className="btn btn-ghost btn-square"
                  aria-label={m.moveLeft(slot)}
                  title={m.moveLeft(slot)}
                  disabled={index === 0}
                  onClick={() => {
                    move(index, index - 1)
                    setFocusAfterMove({ key: photo.key, direction: 'left' })
                  }}
                >
                  <ArrowLeft aria-hidden="true" className="size-5" />
                </button>
                {photo.status === 'failed' && photo.file && photo.error !== refusal(photo.file) ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-square"
                    aria-label={m.retry(slot)}
                    title={m.retry(slot)}
                    onClick={() => retry(photo)}
                  >
                    <RotateCw aria-hidden="true" className="size-5" />
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-ghost btn-square text-error"
                  aria-label={m.remove(slot)}
                  title={m.remove(slot)}
                  onClick={() => remove(photo)}
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
                <button
                  type="button"
                  ref={(el) => {
                    if (el) buttons.current.set(`${photo.key}:right`, el)
                    else buttons.current.delete(`${photo.key}:right`)
                  }}
                  className="btn btn-ghost btn-square"
                  aria-label={m.moveRight(slot)}
                  title={m.moveRight(slot)}
                  disabled={index === photos.length - 1}
                  onClick={() => {
                    move(index, index + 1)
                    setFocusAfterMove({ key: photo.key, direction: 'right' })
                  }}
                >
                  <ArrowRight aria-hidden="true" className="size-5" />
                </button>
              </div>
            </li>
          )
        })}
        {full ? null : (
          <li
            // files dragged in from the computer
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault()
              if (event.dataTransfer.files.length) add([...event.dataTransfer.files])
            }}
          >
            <label
              htmlFor={inputId}
              className={cn(
                'flex aspect-square cursor-pointer flex-col items-center justify-center gap-1.5 rounded-field border-2 border-dashed p-2 text-center focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary hover:border-primary',
                error ? 'border-error' : 'border-base-content/30',
              )}
            >
              <ImagePlus aria-hidden="true" className="size-7 text-primary" />
              <span className="text-sm font-semibold">{m.addPhotos}</span>
              <span aria-hidden="true" className="text-xs text-base-content/70">
                {m.nextSlot(slotName(photos.length))}
              </span>
              <input
                id={inputId}
                type="file"
                multiple
                accept={ACCEPTED_TYPES.join(',')}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                className="sr-only"
                onChange={(event) => {
                  add([...(event.target.files ?? [])])
                  event.target.value = '' // the same file may be chosen again after a removal
                }}
              />
            </label>
          </li>
        )}
        {suggested.map((slot) => (
          <li
            key={slot}
            aria-hidden="true"
            className="flex aspect-square items-center justify-center rounded-field border border-dashed border-base-300 p-2 text-center text-sm text-base-content/75 max-sm:hidden"
          >
            {slot}
          </li>
        ))}
      </ol>
      <FieldError id={errorId} error={error} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  )
}
