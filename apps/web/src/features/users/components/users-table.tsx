import { messages } from '@preloved/shared/messages'
import type { UserRow } from '@preloved/shared/users'
import { BadgeCheck, ShieldCheck, Trash2, Users } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Email } from '@/components/ui/email'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { type Column, DataTable, indexColumn } from '@/components/ui/table'
import { toast } from '@/lib/toast'
import { useDeleteUser } from '../api/delete-user'
import { type ListedRole, useUsers } from '../api/get-users'
import { useVerifySeller } from '../api/verify-seller'

function VerifyCell({ user }: { user: UserRow }) {
  const verify = useVerifySeller()
  if (user.verified === 'yes') {
    return (
      <Badge tone="success" className="gap-1">
        <BadgeCheck aria-hidden="true" className="size-3.5" />
        Verified
      </Badge>
    )
  }
  return (
    <Button
      size="sm"
      variant="outline"
      className="gap-1.5"
      aria-label={`Verify ${user.name}`}
      disabled={verify.isPending}
      aria-busy={verify.isPending || undefined}
      onClick={() =>
        verify.mutate(user._id, {
          onSuccess: ({ modifiedCount }) => {
            if (modifiedCount > 0) toast.success(messages.users.verified)
          },
          onError: (error) => toast.error(error.message),
        })
      }
    >
      <ShieldCheck aria-hidden="true" className="size-4" />
      Verify
    </Button>
  )
}

const copy = {
  customer: { caption: 'Customer accounts', empty: messages.users.noCustomers },
  seller: { caption: 'Seller accounts', empty: messages.users.noSellers },
} as const

/** All Customers / All Sellers (SPEC §2 Tables): index, name, email, (sellers: verification), Delete. */
export function UsersTable({ kind: role }: { kind: ListedRole }) {
  const { data: users, isPending } = useUsers(role)
  const deleteUser = useDeleteUser(role)
  const [toDelete, setToDelete] = useState<UserRow | null>(null)

  const confirmDelete = () => {
    if (!toDelete) return
    const { _id, name } = toDelete
    deleteUser.mutate(_id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(messages.products.deleted(name))
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    })
  }

  const columns: Column<UserRow>[] = [
    indexColumn(),
    { header: 'Name', cell: (u) => u.name, rowHeader: true, className: 'min-w-36' },
    { header: 'Email', cell: (u) => <Email address={u.email} />, className: 'min-w-48' },
    ...(role === 'seller' ? [{ header: 'Verification', cell: (u: UserRow) => <VerifyCell user={u} /> }] : []),
    {
      header: 'Delete',
      unlabelledWhenStacked: true,
      cell: (u) => (
        <Button
          size="sm"
          variant="subtle"
          className="gap-1.5 text-error hover:border-error/40"
          aria-label={`Delete ${u.name}`}
          onClick={() => setToDelete(u)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      ),
    },
  ]

  if (isPending) return <Loading className="py-12" />
  return (
    <>
      <DataTable
        stackOnPhone
        caption={copy[role].caption}
        columns={columns}
        rows={users ?? []}
        rowKey={(u) => u._id}
        empty={<EmptyState icon={<Users className="size-7" />} title={copy[role].empty} headingLevel="h2" />}
      />
      <ConfirmDialog
        open={toDelete !== null}
        name={toDelete?.name ?? ''}
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  )
}
