import { zodResolver } from '@hookform/resolvers/zod'
import { CATEGORY_LABELS, CATEGORY_SLUGS, CONDITION_LABELS, CONDITIONS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import { productFields } from '@preloved/shared/products'
import { ImageIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Controller, type FieldPath, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { FileField, SelectField, TextareaField } from '@/components/ui/form-controls'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useCreateProduct } from '../api/create-product'
import { uploadImage } from '../api/upload-image'

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif']
const MAX_PHOTO_BYTES = 10 * 1024 * 1024

// The server decides a file's type by its bytes; this only spares an upload that is bound to fail.
const photo = z
  .custom<File>((value) => value instanceof File && value.size > 0, { error: messages.products.imageRequired })
  .refine((file) => file.type === '' || ACCEPTED_TYPES.includes(file.type), 'Choose a JPEG, PNG, WebP or AVIF photo.')
  .refine((file) => file.size <= MAX_PHOTO_BYTES, messages.images.tooLarge)

// The shared fields with the spec's messages (SPEC §5); the form holds the photo itself, the body its URL.
const { img: _img, ...listingFields } = productFields
const addProductFormSchema = z.object({ ...listingFields, photo })
type AddProductFormInput = z.input<typeof addProductFormSchema>
type AddProductFormValues = z.output<typeof addProductFormSchema>

const conditionOptions = CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }))
const categoryOptions = CATEGORY_SLUGS.map((value) => ({ value, label: CATEGORY_LABELS[value] }))

// A 400 names its field in the message ('Name is required', 'Resell price must be …'): show it under that field.
const fieldPrefixes: [string, FieldPath<AddProductFormInput>][] = [
  ['name', 'title'],
  ['title', 'title'],
  ['phone', 'phone'],
  ['original price', 'original_price'],
  ['original_price', 'original_price'],
  ['resell price', 'resell_price'],
  ['resell_price', 'resell_price'],
  ['location', 'location'],
  ['purchase year', 'year'],
  ['year', 'year'],
  ['condition', 'condition'],
  ['category', 'category'],
  ['image', 'photo'],
  ['img', 'photo'],
  ['description', 'description'],
  ['specialty', 'specialty'],
]
const fieldOfMessage = (message: string) =>
  fieldPrefixes.find(([prefix]) => message.toLowerCase().startsWith(prefix))?.[1]

/** The chosen photo as an object URL for the preview; released when it changes or the form goes. */
function usePreviewUrl(file: unknown) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!(file instanceof File) || file.size === 0) {
      setUrl(undefined)
      return
    }
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return url
}

function PhotoPreview({ url }: { url: string | undefined }) {
  return (
    <div className="grid size-28 shrink-0 place-items-center overflow-hidden rounded-field border border-base-300 bg-base-200">
      {url ? (
        <img src={url} alt="Preview of your bag" width={112} height={112} className="size-full object-cover" />
      ) : (
        <ImageIcon aria-hidden="true" className="size-8 text-base-content/40" />
      )}
    </div>
  )
}

/**
 * Add a Product (SPEC §2, §5): the photo is uploaded first and the product created only when the upload succeeded;
 * a failed upload shows its reason under Photo and as a toast (rather than the spec's silence), and creates nothing.
 */
export function AddProductForm() {
  const navigate = useNavigate()
  const createProduct = useCreateProduct()
  const [uploading, setUploading] = useState(false)
  const [formError, setFormError] = useState<string>()
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<AddProductFormInput, unknown, AddProductFormValues>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: {
      title: '',
      phone: '',
      original_price: '',
      resell_price: '',
      location: '',
      year: '',
      condition: 'excellent',
      category: 'Shoulder',
      description: '',
      specialty: '',
    },
  })
  const previewUrl = usePreviewUrl(watch('photo'))

  const onSubmit = handleSubmit(async ({ photo: file, specialty, ...fields }) => {
    setFormError(undefined)
    setUploading(true)
    let img: string
    try {
      img = (await uploadImage(file)).data.url
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      setError('photo', { message }, { shouldFocus: true })
      toast.error(message)
      return
    } finally {
      setUploading(false)
    }
    createProduct.mutate(
      { ...fields, img, ...(specialty ? { specialty } : {}) },
      {
        onSuccess: () => {
          toast.success(messages.products.added(fields.title))
          navigate(paths.dashboard.myProducts())
        },
        onError: (error) => {
          toast.error(error.message)
          const field = isApiError(error) && error.statusCode === 400 ? fieldOfMessage(error.message) : undefined
          if (field) setError(field, { message: error.message }, { shouldFocus: true })
          else setFormError(error.message)
        },
      },
    )
  })

  const busy = uploading || createProduct.isPending || createProduct.isSuccess

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a Product"
      className="flex flex-col gap-5 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8"
    >
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <Field label="Name" autoComplete="off" error={errors.title?.message} {...register('title')} />
        <Field
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Field
          label="Original Price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          hint="In dollars, what you paid"
          error={errors.original_price?.message}
          {...register('original_price')}
        />
        <Field
          label="Resell Price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          hint="In dollars, what a buyer pays"
          error={errors.resell_price?.message}
          {...register('resell_price')}
        />
        <Field
          label="Location"
          autoComplete="address-level2"
          error={errors.location?.message}
          {...register('location')}
        />
        <Field
          label="Year of Purchase"
          inputMode="numeric"
          maxLength={4}
          placeholder="e.g. 2021"
          error={errors.year?.message}
          {...register('year')}
        />
        <SelectField
          label="Condition"
          options={conditionOptions}
          error={errors.condition?.message}
          {...register('condition')}
        />
        <SelectField
          label="Category"
          options={categoryOptions}
          error={errors.category?.message}
          {...register('category')}
        />
      </div>
      <Controller
        control={control}
        name="photo"
        render={({ field: { onChange, onBlur, name, ref } }) => (
          <FileField
            label="Photo"
            name={name}
            ref={ref}
            accept={ACCEPTED_TYPES.join(',')}
            hint="JPEG, PNG, WebP or AVIF, up to 10 MB"
            error={errors.photo?.message}
            preview={<PhotoPreview url={previewUrl} />}
            onBlur={onBlur}
            onChange={(event) => onChange(event.target.files?.[0])}
          />
        )}
      />
      <TextareaField label="Description" error={errors.description?.message} {...register('description')} />
      <Field
        label="Specialty (optional)"
        placeholder="e.g. limited edition, original receipt"
        error={errors.specialty?.message}
        {...register('specialty')}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="w-full sm:w-40">
          {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          Add
        </Button>
      </div>
    </form>
  )
}
