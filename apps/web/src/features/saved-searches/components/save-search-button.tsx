import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import { BellPlus } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Button, buttonClass } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'
import { useSession } from '@/lib/auth-client'
import { toast } from '@/lib/notify'
import { useSaveSearch } from '../api/saved-searches'
import { defaultName } from '../summary'

/**
 * "Save this search" on /search (docs/product/notifications.md#saved-searches): a signed-in shopper names the search (its words and filters by
 * default) and is told of new bags that match it. A visitor is offered to sign in first (and comes back here).
 */
export function SaveSearchButton({ query }: { query: string }) {
  const { user, isPending } = useSession()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const save = useSaveSearch()

  if (isPending) return null
  if (!user) {
    return (
      <Link
        to={paths.login()}
        state={{ from: location }}
        className={buttonClass({ variant: 'subtle', size: 'sm', className: 'gap-2' })}
      >
        <BellPlus aria-hidden="true" className="size-4" />
        {t.signInToSave}
      </Link>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) {
      setError('name is required')
      return
    }
    save.mutate(
      { name: trimmed, query },
      {
        onSuccess: () => {
          setOpen(false)
          toast.success(t.saved)
        },
        onError: (e) => setError(e.message),
      },
    )
  }

  return (
    <>
      <Button
        variant="subtle"
        size="sm"
        className="gap-2"
        onClick={() => {
          setName(defaultName(query))
          setError(undefined)
          setOpen(true)
        }}
      >
        <BellPlus aria-hidden="true" className="size-4" />
        {t.saveThisSearch}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t.saveThisSearch} description={t.savedLead}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field
            label={t.saveSearchName}
            value={name}
            maxLength={80}
            autoComplete="off"
            error={error}
            onChange={(event) => {
              setName(event.target.value)
              setError(undefined)
            }}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
              {t.save}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  )
}
