import { zodResolver } from '@hookform/resolvers/zod'
import {
  CATEGORY_LABELS,
  CATEGORY_SLUGS,
  CONDITION_DEFINITIONS,
  CONDITION_LABELS,
  CONDITIONS,
  INCLUDE_LABELS,
  INCLUDES,
  MATERIAL_LABELS,
  MATERIALS,
  MEASUREMENT_LABELS,
  MEASUREMENT_MAX_CM,
  MEASUREMENT_MIN_CM,
  MEASUREMENTS,
  WEAR_AREA_LABELS,
  WEAR_AREAS,
  WEAR_NOTE_MAX,
} from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { type ReactNode, useMemo, useState } from 'react'
import { Controller, type FieldPath, FormProvider, useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { Field, FieldError } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { SelectField, TextareaField } from '@/components/ui/form-controls'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useCreateProduct } from '../../api/create-product'
import { useUpdateProduct } from '../../api/update-product'
import { BrandCombobox } from './brand-combobox'
import { ColourSwatches } from './colour-swatches'
import {
  changedFields,
  emptyListing,
  formFieldOf,
  formToBody,
  type ListingFormInput,
  type ListingFormValues,
  listingFormSchema,
  listingToForm,
  productToBody,
} from './listing-form-schema'
import { PhotoSlots } from './photo-slots'

const m = messages.listingForm
const conditionOptions = CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }))
const categoryOptions = CATEGORY_SLUGS.map((value) => ({ value, label: CATEGORY_LABELS[value] }))
const materialOptions = [
  { value: '', label: m.materialChoose },
  ...MATERIALS.map((value) => ({ value, label: MATERIAL_LABELS[value] })),
]

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-5 border-t border-base-300 pt-6 first:border-t-0 first:pt-0">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

type FormProblem = { message: string; tone: 'error' | 'info'; backLink?: boolean }

/**
 * Add a Product (docs/product/listings.md#fields) and Edit (docs/product/listings.md#edit): one form. Adding creates the listing once every photo has
 * uploaded ('{name} is added successfully'); editing sends only what changed (PATCH). Errors show under their fields:
 * the shared schemas' messages first, then the server's 400 under the field it names; a 403 or 409 (sold meanwhile)
 * above the buttons, with the way back to My Products.
 */
export function ListingForm({ product }: { product?: Product }) {
  const navigate = useNavigate()
  const createProduct = useCreateProduct()
  const updateProduct = useUpdateProduct(product?._id ?? '')
  const [problem, setProblem] = useState<FormProblem>()
  const defaultValues = useMemo(() => (product ? listingToForm(product) : emptyListing()), [product])
  const form = useForm<ListingFormInput, unknown, ListingFormValues>({
    resolver: zodResolver(listingFormSchema),
    defaultValues,
  })
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form
  const condition = useWatch({ control, name: 'condition' })
  const wear = useWatch({ control, name: 'wear' })
  const freeShipping = useWatch({ control, name: 'freeShipping' })

  const onFailure = (error: Error) => {
    toast.error(error.message)
    const status = isApiError(error) ? error.statusCode : 0
    const field = status === 400 && isApiError(error) ? formFieldOf(error.field) : undefined
    if (field) setError(field, { message: error.message }, { shouldFocus: true })
    else setProblem({ message: error.message, tone: 'error', backLink: [403, 404, 409].includes(status) })
  }

  const onSubmit = handleSubmit((values) => {
    setProblem(undefined)
    const body = formToBody(values)
    if (!product) {
      createProduct.mutate(body, {
        onSuccess: () => {
          toast.success(messages.products.added(values.title))
          navigate(paths.dashboard.myProducts())
        },
        onError: onFailure,
      })
      return
    }
    const changes = changedFields(productToBody(product), body)
    if (Object.keys(changes).length === 0) {
      setProblem({ message: m.noChanges, tone: 'info' })
      return
    }
    updateProduct.mutate(changes, {
      onSuccess: () => {
        toast.success(m.updated(values.title))
        navigate(paths.dashboard.myProducts())
      },
      onError: onFailure,
    })
  })

  const saving = product ? updateProduct : createProduct
  const busy = saving.isPending || saving.isSuccess

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={product ? m.editTitle : 'Add a Product'}
        className="flex flex-col gap-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-8"
      >
        <Section title={m.sectionBag}>
          <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
            <Field
              label="Name"
              autoComplete="off"
              className="md:col-span-2"
              error={errors.title?.message}
              {...register('title')}
            />
            <Controller
              control={control}
              name="brand"
              render={({ field }) => (
                <BrandCombobox
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={errors.brand?.message}
                />
              )}
            />
            <SelectField
              label="Category"
              options={categoryOptions}
              error={errors.category?.message}
              {...register('category')}
            />
            <SelectField
              label={m.material}
              options={materialOptions}
              error={errors.material?.message}
              {...register('material')}
            />
            <Field
              label="Year of Purchase"
              inputMode="numeric"
              maxLength={4}
              placeholder="e.g. 2021"
              error={errors.year?.message}
              {...register('year')}
            />
          </div>
          <ColourSwatches field={register('colour')} error={errors.colour?.message} />
        </Section>

        <Section title={m.photos}>
          <PhotoSlots />
        </Section>

        <Section title={m.sectionCondition}>
          <SelectField
            label="Condition"
            options={conditionOptions}
            hint={condition ? CONDITION_DEFINITIONS[condition] : undefined}
            error={errors.condition?.message}
            className="md:max-w-sm"
            {...register('condition')}
          />
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">{m.wear}</legend>
            <p className="text-xs text-base-content/70">{m.wearHint}</p>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {WEAR_AREAS.map((area) => (
                <TextareaField
                  key={area}
                  label={WEAR_AREA_LABELS[area]}
                  size="sm"
                  rows={2}
                  hint={m.charactersUsed(wear?.[area]?.length ?? 0, WEAR_NOTE_MAX)}
                  error={errors.wear?.[area]?.message}
                  {...register(`wear.${area}`)}
                />
              ))}
            </div>
          </fieldset>
        </Section>

        <Section title={m.sectionDetails}>
          <TextareaField label="Description" error={errors.description?.message} {...register('description')} />
          <Field
            label="Specialty (optional)"
            placeholder="e.g. limited edition, original receipt"
            error={errors.specialty?.message}
            {...register('specialty')}
          />
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">{m.measurements}</legend>
            <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
              {MEASUREMENTS.map((name) => (
                <Field
                  key={name}
                  label={MEASUREMENT_LABELS[name]}
                  type="number"
                  inputMode="decimal"
                  min={MEASUREMENT_MIN_CM}
                  max={MEASUREMENT_MAX_CM}
                  step="0.1"
                  error={errors.measurements?.[name]?.message}
                  {...register(`measurements.${name}`)}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{m.includes}</legend>
            <div className="grid grid-cols-1 gap-1 sm:grid-cols-3">
              {INCLUDES.map((item) => (
                <label key={item} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                  <input type="checkbox" value={item} className="checkbox checkbox-sm" {...register('includes')} />
                  {INCLUDE_LABELS[item]}
                </label>
              ))}
            </div>
            <FieldError error={errors.includes?.message} />
          </fieldset>
        </Section>

        <Section title={m.sectionPrice}>
          <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
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
            <fieldset className="flex flex-col gap-2 md:col-span-2">
              <legend className="mb-1 text-sm font-medium">{m.shipping}</legend>
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" {...register('freeShipping')} />
                {m.freeShipping}
              </label>
              {freeShipping ? null : (
                <Field
                  label={m.shipping}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  hint={m.shippingHint}
                  error={errors.shipping?.message}
                  {...register('shipping')}
                />
              )}
            </fieldset>
            <Field
              label="Location"
              autoComplete="address-level2"
              error={errors.location?.message}
              {...register('location')}
            />
            <Field
              label="Phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              error={errors.phone?.message}
              {...register('phone')}
            />
          </div>
        </Section>

        {problem ? (
          <FormAlert tone={problem.tone}>
            {problem.message}
            {problem.backLink ? (
              <>
                {' '}
                <Link to={paths.dashboard.myProducts()} className="link">
                  {m.backToMyProducts}
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {product ? (
            <ButtonLink to={paths.dashboard.myProducts()} variant="subtle" className="w-full sm:w-40">
              {m.cancel}
            </ButtonLink>
          ) : null}
          <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="w-full sm:w-40">
            {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
            {product ? m.save : 'Add'}
          </Button>
        </div>
      </form>
    </FormProvider>
  )
}
