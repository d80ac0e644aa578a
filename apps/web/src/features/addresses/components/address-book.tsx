import type { Address, SavedAddress } from '@preloved/shared/addresses'
import { MAX_SAVED_ADDRESSES } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { FormAlert } from '@/components/ui/form-alert'
import { Loading } from '@/components/ui/loading'
import { toast } from '@/lib/notify'
import { useAddresses, useCreateAddress, useDeleteAddress, useUpdateAddress } from '../api/addresses'
import {
  type AddressErrors,
  type AddressField,
  AddressFields,
  AddressLines,
  type AddressValues,
  addressValues,
  checkAddress,
  EMPTY_ADDRESS,
} from './address-fields'

const withoutId = ({ _id, isDefault, ...address }: SavedAddress): Address => address

/** The account's saved delivery addresses: list, add, edit, delete and make default. */
export function AddressBook() {
  const addresses = useAddresses()
  const [editing, setEditing] = useState<string | null>(null) // an address id, 'new', or nothing
  const [deleting, setDeleting] = useState<SavedAddress | null>(null)
  const remove = useDeleteAddress()
  const update = useUpdateAddress()
  if (addresses.isError && !addresses.data) throw addresses.error
  if (!addresses.data) return <Loading className="py-12" />
  const list = addresses.data
  const full = list.length >= MAX_SAVED_ADDRESSES

  const makeDefault = (a: SavedAddress) =>
    update.mutate(
      { id: a._id, body: { ...withoutId(a), isDefault: true } },
      {
        onSuccess: () => toast.success(messages.addresses.defaultChanged),
        onError: (error) => toast.error(error.message),
      },
    )

  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {editing === 'new' ? (
        <AddressForm
          title={messages.addresses.addAddress}
          initial={EMPTY_ADDRESS}
          initialDefault={list.length === 0}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <Button
            variant="primary"
            className="gap-2 self-stretch sm:self-start"
            onClick={() => setEditing('new')}
            disabled={full}
          >
            <Plus aria-hidden="true" className="size-4" />
            {messages.addresses.addAddress}
          </Button>
          {full ? <p className="text-sm text-base-content/75">{messages.addresses.tooManyAddresses}</p> : null}
        </div>
      )}
      {list.length === 0 && editing !== 'new' ? (
        <EmptyState headingLevel="h2" icon={<MapPin className="size-7" />} title={messages.addresses.empty} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={messages.addresses.pageTitle}>
          {list.map((a) => (
            <li key={a._id}>
              {editing === a._id ? (
                <AddressForm
                  title={messages.addresses.editAddress}
                  id={a._id}
                  initial={addressValues(withoutId(a))}
                  initialDefault={a.isDefault}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <article className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <AddressLines address={withoutId(a)} className="min-w-0 text-sm break-words" />
                    {a.isDefault ? <Badge tone="accent">{messages.addresses.defaultBadge}</Badge> : null}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="subtle"
                      size="sm"
                      className="gap-1.5"
                      onClick={() => setEditing(a._id)}
                      aria-label={`Edit ${a.line1}`}
                    >
                      <Pencil aria-hidden="true" className="size-3.5" />
                      Edit
                    </Button>
                    {a.isDefault ? null : (
                      <Button
                        variant="subtle"
                        size="sm"
                        className="gap-1.5"
                        onClick={() => makeDefault(a)}
                        disabled={update.isPending}
                        aria-label={`${messages.addresses.makeDefault}: ${a.line1}`}
                      >
                        <Star aria-hidden="true" className="size-3.5" />
                        {messages.addresses.makeDefault}
                      </Button>
                    )}
                    <Button
                      variant="subtle"
                      size="sm"
                      className="gap-1.5 text-error"
                      onClick={() => setDeleting(a)}
                      aria-label={`Delete ${a.line1}`}
                    >
                      <Trash2 aria-hidden="true" className="size-3.5" />
                      Delete
                    </Button>
                  </div>
                </article>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        name={deleting ? `${deleting.line1}, ${deleting.city}` : ''}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(deleting._id, {
            onSuccess: () => toast.success(messages.addresses.deleted),
            onError: (error) => toast.error(error.message),
            onSettled: () => setDeleting(null),
          })
        }}
      />
    </div>
  )
}

type AddressFormProps = {
  title: string
  /** The address changed; absent for a new one. */
  id?: string
  initial: AddressValues
  initialDefault: boolean
  onDone: () => void
}

function AddressForm({ title, id, initial, initialDefault, onDone }: AddressFormProps) {
  const headingId = useId()
  const create = useCreateAddress()
  const update = useUpdateAddress()
  const [values, setValues] = useState(initial)
  const [isDefault, setIsDefault] = useState(initialDefault)
  const [errors, setErrors] = useState<AddressErrors>({})
  const busy = create.isPending || update.isPending

  const onChange = (field: AddressField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const result = await checkAddress(values)
    if (!result.address) {
      setErrors(result.errors)
      // the first field in error takes the focus once its message shows
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    const body = { ...result.address, isDefault }
    const handlers = {
      onSuccess: () => {
        toast.success(id ? messages.addresses.updated : messages.addresses.saved)
        onDone()
      },
      onError: (error: Error) => setErrors({ form: error.message }),
    }
    if (id) update.mutate({ id, body }, handlers)
    else create.mutate(body, handlers)
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-box border border-primary/40 bg-base-100 p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <AddressFields values={values} errors={errors} onChange={onChange} disabled={busy} />
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-primary checkbox-sm"
          checked={isDefault}
          onChange={(e) => setIsDefault(e.target.checked)}
          disabled={busy}
        />
        {messages.addresses.useAsDefault}
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="subtle" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          Save address
        </Button>
      </div>
    </form>
  )
}
