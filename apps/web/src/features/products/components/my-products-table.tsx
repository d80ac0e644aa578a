import { CATEGORY_LABELS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { Megaphone, PackageOpen, Pencil, Plus, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { type Column, DataTable, indexColumn } from '@/components/ui/table'
import { paths } from '@/config/paths'
import { toast } from '@/lib/toast'
import { useAdvertiseProduct } from '../api/advertise-product'
import { useDeleteProduct } from '../api/delete-product'
import { useMyProducts } from '../api/get-my-products'
import { PriceTag } from './price-tag'

const SOLD_NO_DELETE = 'Sold bags cannot be deleted; they are already hidden from the shop.'

function Availability({ product }: { product: Product }) {
  if (product.status === 'sold') return <Badge tone="neutral">sold</Badge>
  if (product.reserved) return <Badge tone="accent">reserved</Badge>
  return <Badge tone="success">available</Badge>
}

function AdvertiseCell({ product }: { product: Product }) {
  const advertise = useAdvertiseProduct()
  if (product.advertisement) {
    return (
      <Badge tone="success" className="badge-outline">
        activated
      </Badge>
    )
  }
  if (product.status !== 'available') return <span className="text-sm text-base-content/60">—</span>
  return (
    <Button
      size="sm"
      variant="outline"
      className="gap-1.5"
      aria-label={`Activate advertisement of ${product.title}`}
      disabled={advertise.isPending}
      aria-busy={advertise.isPending || undefined}
      onClick={() =>
        advertise.mutate(product._id, {
          onSuccess: () => toast.success(messages.products.advertised),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      <Megaphone aria-hidden="true" className="size-4" />
      Activate
    </Button>
  )
}

/** Edit: an available bag only; a sold one is kept as it sold. */
function EditCell({ product }: { product: Product }) {
  if (product.status !== 'available') return <span className="text-sm text-base-content/60">—</span>
  return (
    <ButtonLink
      to={paths.dashboard.editProduct(product._id)}
      size="sm"
      variant="subtle"
      className="gap-1.5"
      aria-label={`${messages.listingForm.edit} ${product.title}`}
    >
      <Pencil aria-hidden="true" className="size-4" />
      {messages.listingForm.edit}
    </ButtonLink>
  )
}

function DeleteCell({ product, onDelete }: { product: Product; onDelete: (product: Product) => void }) {
  const noteId = useId()
  if (product.status === 'sold') {
    return (
      <div className="tooltip tooltip-left" data-tip={SOLD_NO_DELETE}>
        <Button
          size="sm"
          variant="subtle"
          className="cursor-not-allowed gap-1.5 opacity-60"
          aria-disabled="true"
          aria-label={`Delete ${product.title}`}
          aria-describedby={noteId}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
        <span id={noteId} className="sr-only">
          {SOLD_NO_DELETE}
        </span>
      </div>
    )
  }
  return (
    <Button
      size="sm"
      variant="subtle"
      className="gap-1.5 text-error hover:border-error/40"
      aria-label={`Delete ${product.title}`}
      onClick={() => onDelete(product)}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      Delete
    </Button>
  )
}

/** My Products (docs/product/listings.md#edit): the seller's listings, sold ones too, newest first. */
export function MyProductsTable({ email }: { email: string | undefined }) {
  const { data: products, isPending } = useMyProducts(email)
  const deleteProduct = useDeleteProduct()
  const [toDelete, setToDelete] = useState<Product | null>(null)

  const confirmDelete = () => {
    if (!toDelete) return
    const { _id, title } = toDelete
    deleteProduct.mutate(_id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(messages.products.deleted(title))
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    })
  }

  const columns: Column<Product>[] = [
    indexColumn(),
    {
      header: 'Image',
      unlabelledWhenStacked: true,
      cell: (p) => (
        <img
          src={p.thumb}
          alt={p.title}
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="size-12 rounded-field sm:size-14 bg-base-200 object-cover"
        />
      ),
      className: 'w-20',
    },
    { header: 'Product', cell: (p) => p.title, rowHeader: true, className: 'min-w-40' },
    { header: 'Category', cell: (p) => CATEGORY_LABELS[p.category], className: 'whitespace-nowrap' },
    {
      header: 'Price',
      // a lowered price shows "Price dropped" with the price before it struck through
      cell: (p) => <PriceTag product={p} size="sm" original="never" className="tabular-nums" />,
      className: 'min-w-28',
    },
    { header: 'Advertisement', cell: (p) => <AdvertiseCell product={p} /> },
    { header: 'Availability', cell: (p) => <Availability product={p} /> },
    { header: messages.listingForm.edit, cell: (p) => <EditCell product={p} />, unlabelledWhenStacked: true },
    { header: 'Delete', cell: (p) => <DeleteCell product={p} onDelete={setToDelete} />, unlabelledWhenStacked: true },
  ]

  if (isPending) return <Loading className="py-12" />
  return (
    <>
      <DataTable
        stackOnPhone
        caption="Your bags"
        columns={columns}
        rows={(products ?? []).filter((p) => p.status !== 'removed')}
        rowKey={(p) => p._id}
        empty={
          <EmptyState
            icon={<PackageOpen className="size-7" />}
            title={messages.products.noProducts}
            description="List a bag you no longer carry: it shows here with its price and availability."
            headingLevel="h2"
            action={
              <ButtonLink to={paths.dashboard.addProducts()} className="gap-2">
                <Plus aria-hidden="true" className="size-4" />
                {messages.nav.addProduct}
              </ButtonLink>
            }
          />
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        name={toDelete?.title ?? ''}
        busy={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  )
}
