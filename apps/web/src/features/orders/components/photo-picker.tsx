import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import { MAX_DISPUTE_PHOTOS } from '@preloved/shared/orders'
import { X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { FieldError } from '@/components/ui/field'
import { uploadOrderPhoto } from '../api/upload-photo'

type PhotoPickerProps = {
  photos: string[]
  /** Called with the photos just uploaded (to add) — `onRemove` with one to take away. */
  onChange: (added: string[]) => void
  onRemove: (url: string) => void
  /** True while an upload runs: the form waits for it. */
  onBusyChange: (busy: boolean) => void
}

/**
 * Up to MAX_DISPUTE_PHOTOS photos for a dispute or an answer, each uploaded through POST /api/images as soon as it is
 * chosen (the server's image pipeline checks type and size); a refused file says why under the field.
 */
export function PhotoPicker({ photos, onChange, onRemove, onBusyChange }: PhotoPickerProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(0)
  const [error, setError] = useState<string>()
  const room = MAX_DISPUTE_PHOTOS - photos.length - uploading
  useEffect(() => onBusyChange(uploading > 0), [uploading, onBusyChange])

  const choose = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []).slice(0, Math.max(0, room))
    if (input.current) input.current.value = ''
    if (chosen.length === 0) return
    setError(undefined)
    setUploading((n) => n + chosen.length)
    const results = await Promise.allSettled(chosen.map(uploadOrderPhoto))
    const urls = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) setError(failed.reason instanceof Error ? failed.reason.message : String(failed.reason))
    onChange(urls)
    setUploading((n) => n - chosen.length)
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t.actions.photos}
      </label>
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        {t.actions.photosHint(MAX_DISPUTE_PHOTOS)}
      </p>
      {photos.length > 0 || uploading > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {photos.map((url, index) => (
            <li key={url} className="relative">
              <img src={url} alt="" className="size-20 rounded-field border border-base-300 object-cover" />
              <button
                type="button"
                className="btn btn-circle btn-xs absolute -top-2 -right-2 border-base-300 bg-base-100"
                aria-label={t.actions.removePhoto(index + 1)}
                onClick={() => onRemove(url)}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
          {uploading > 0 ? (
            <li className="grid size-20 place-items-center rounded-field border border-dashed border-base-300 text-xs">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              <span className="sr-only" role="status">
                {t.actions.uploading}
              </span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple
        disabled={room <= 0}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        className="file-input w-full bg-base-100"
        onChange={(event) => void choose(event.target.files)}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}
