import { messages } from '@preloved/shared/messages'
import type { UserRow } from '@preloved/shared/users'
import { BadgeCheck, ShieldCheck, ShieldOff, Trash2, Users } from 'lucide-react'
import { useState } from 'react'
import { ActionDialog } from '@/components/ui/action-dialog'
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
import { useUnverifySeller } from '../api/unverify-seller'
import { useVerifySeller } from '../api/verify-seller'
import { SellerSummary } from './seller-summary'

type Decision = { user: UserRow; action: 'verify' | 'unverify' }

/** Verified: the badge and Unverify; otherwise Verify. Either opens its confirmation with the seller's record. */
function VerifyCell({ user, onDecide }: { user: UserRow; onDecide: (decision: Decision) => void }) {
  if (user.verified === 'yes') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="success" className="gap-1">
          <BadgeCheck aria-hidden="true" className="size-3.5" />
          Verified
        </Badge>
        <Button
          size="sm"
          variant="subtle"
          className="gap-1.5"
          aria-label={`Unverify ${user.name}`}
          onClick={() => onDecide({ user, action: 'unverify' })}
        >
          <ShieldOff aria-hidden="true" className="size-4" />
          Unverify
        </Button>
      </div>
    )
  }
  return (
    <Button
      size="sm"
      variant="outline"
      className="gap-1.5"
      aria-label={`Verify ${user.name}`}
      onClick={() => onDecide({ user, action: 'verify' })}
    >
      <ShieldCheck aria-hidden="true" className="size-4" />
      Verify
    </Button>
  )
}

/**
 * Verifying asks first, and unverifying needs a reason the seller is mailed; both show the seller's record
 * (join date, listings, sales, reports) to decide on.
 */
function VerificationDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const verify = useVerifySeller()
  const unverify = useUnverifySeller()
  const user = decision?.user
  const unverifying = decision?.action === 'unverify'
  const busy = verify.isPending || unverify.isPending

  const confirm = (reason: string) => {
    if (!user) return
    const handlers = { onError: (error: Error) => toast.error(error.message), onSettled: onClose }
    if (unverifying) {
      unverify.mutate(
        { userId: user._id, reason },
        { ...handlers, onSuccess: () => toast.success(messages.users.unverified(user.name)) },
      )
    } else {
      verify.mutate(user._id, {
        ...handlers,
        onSuccess: ({ modifiedCount }) => {
          if (modifiedCount > 0) toast.success(messages.users.verified)
        },
      })
    }
  }

  return (
    <ActionDialog
      open={decision !== null}
      title={unverifying ? `Unverify ${user?.name ?? ''}?` : `Verify ${user?.name ?? ''}?`}
      message={
        unverifying
          ? 'Their listings lose the verified badge at once. We mail them your reason.'
          : 'Their listings show the verified badge from now on.'
      }
      confirmLabel={unverifying ? 'Unverify' : 'Verify'}
      tone={unverifying ? 'danger' : 'primary'}
      {...(unverifying
        ? {
            reason: {
              label: 'Reason',
              hint: 'The seller reads this in their mail and beside their verification status.',
              required: 'Reason is required: the seller is told why.',
            },
          }
        : {})}
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {user ? <SellerSummary userId={user._id} /> : null}
    </ActionDialog>
  )
}

const copy = {
  customer: { caption: 'Customer accounts', empty: messages.users.noCustomers },
  seller: { caption: 'Seller accounts', empty: messages.users.noSellers },
} as const

/** All Customers / All Sellers (docs/product/accounts.md#roles): index, name, email, (sellers: verification), Delete. */
export function UsersTable({ kind: role }: { kind: ListedRole }) {
  const { data: users, isPending } = useUsers(role)
  const deleteUser = useDeleteUser(role)
  const [toDelete, setToDelete] = useState<UserRow | null>(null)
  const [decision, setDecision] = useState<Decision | null>(null)

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
    ...(role === 'seller'
      ? [{ header: 'Verification', cell: (u: UserRow) => <VerifyCell user={u} onDecide={setDecision} /> }]
      : []),
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
      {role === 'seller' ? <VerificationDialog decision={decision} onClose={() => setDecision(null)} /> : null}
    </>
  )
}
