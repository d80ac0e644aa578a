import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import type { SavedSearch } from '@preloved/shared/notifications'
import { Pencil, Search, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { Field } from '@/components/ui/field'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { formatDay } from '@/lib/format-date'
import { toast } from '@/lib/notify'
import { useDeleteSavedSearch, useRenameSavedSearch, useSavedSearches } from '../api/saved-searches'
import { summariseQuery } from '../summary'

function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const rename = useRenameSavedSearch()
  const [name, setName] = useState(search.name)
  const [error, setError] = useState<string | undefined>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setError('name is required')
    rename.mutate(
      { id: search._id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(t.renamed)
          onDone()
        },
        onError: (e) => setError(e.message),
      },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
      <Field
        label={`${t.rename}: ${search.name}`}
        value={name}
        maxLength={80}
        autoComplete="off"
        autoFocus
        error={error}
        className="flex-1"
        onChange={(event) => {
          setName(event.target.value)
          setError(undefined)
        }}
      />
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {t.save}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  )
}

/** '/dashboard/saved-searches': each saved search with what it looks for, to open, rename or delete. */
export function SavedSearchesList() {
  const searches = useSavedSearches()
  const remove = useDeleteSavedSearch()
  const [renaming, setRenaming] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<SavedSearch | null>(null)

  if (!searches.data) return <Loading className="py-12" />
  if (searches.data.length === 0) {
    return (
      <EmptyState
        headingLevel="h2"
        icon={<Search className="size-7" />}
        title={t.savedEmpty}
        action={
          <ButtonLink to={paths.search()} variant="primary" size="sm">
            Search bags
          </ButtonLink>
        }
      />
    )
  }
  return (
    <>
      <ul className="flex max-w-3xl flex-col gap-3" aria-label={t.savedTitle}>
        {searches.data.map((s) => (
          <li key={s._id} className="rounded-box border border-base-300 bg-base-100 px-4 py-4 sm:px-5">
            {renaming === s._id ? (
              <RenameForm search={s} onDone={() => setRenaming(null)} />
            ) : (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <h2 className="font-sans text-base font-semibold break-words">{s.name}</h2>
                  <p className="text-sm break-words text-base-content/75">{summariseQuery(s.query)}</p>
                  <p className="text-xs text-base-content/70">Saved {formatDay(s.createdAt)}</p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <ButtonLink
                    to={paths.search(new URLSearchParams(s.query))}
                    variant="outline"
                    size="sm"
                    aria-label={`${t.open}: ${s.name}`}
                  >
                    {t.open}
                  </ButtonLink>
                  <Button
                    variant="subtle"
                    size="sm"
                    className="gap-1.5"
                    aria-label={`${t.rename}: ${s.name}`}
                    onClick={() => setRenaming(s._id)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {t.rename}
                  </Button>
                  <Button
                    variant="subtle"
                    size="sm"
                    className="gap-1.5"
                    aria-label={`${t.delete}: ${s.name}`}
                    onClick={() => setDeleting(s)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t.delete}
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        name={deleting?.name ?? ''}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success(t.deleted)
              setDeleting(null)
            },
            onError: (e) => toast.error(e.message),
          })
        }}
      />
    </>
  )
}
