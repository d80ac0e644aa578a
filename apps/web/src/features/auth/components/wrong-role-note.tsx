import { navMessages } from '@preloved/shared/site-messages'
import { ArrowLeft, LayoutDashboard, ShieldAlert } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { dashboardHome, paths } from '@/config/paths'
import type { SessionUser } from '@/lib/auth-client'
import { useHydrated } from '@/lib/use-hydrated'
import type { NeededRole } from '../origin'

/** The guarded pages by path, named as the dashboard's menu names them. */
const pageNames: Record<string, string> = {
  [paths.dashboard.allCustomers()]: navMessages.allCustomers,
  [paths.dashboard.allSellers()]: navMessages.allSellers,
  [paths.dashboard.reportedItems()]: navMessages.reportedItems,
  [paths.dashboard.outbox()]: navMessages.outbox,
  [paths.dashboard.addProducts()]: navMessages.addProduct,
  [paths.dashboard.myProducts()]: navMessages.myProducts,
}

const forWhom: Record<NeededRole, string> = { admin: 'admins', seller: 'sellers' }
const roleWord: Record<NeededRole, string> = { admin: 'an admin', seller: 'a seller' }

/** 'Add Product is for sellers.' — the page the guard turned the user away from, and who it is for. */
export function wrongRoleReason(pathname: string | undefined, needs: NeededRole): string {
  const name = pathname ? pageNames[pathname] : undefined
  return `${name ?? 'The page you opened'} is for ${forWhom[needs]}.`
}

/**
 * Whether the previous history entry is a page of this site: React Router numbers the entries of one document (above
 * 0 there is one); a page opened by a link of this site's other documents names it as the referrer.
 */
const canGoBack = () =>
  Number(window.history.state?.idx) > 0 ||
  (window.history.length > 1 && document.referrer.startsWith(`${window.location.origin}/`))

type WrongRoleNoteProps = { user: SessionUser; needs: NeededRole; pathname: string | undefined }

/**
 * A signed-in user sent to '/login' by a page of another role (docs/product/accounts.md#guards keeps the redirect) learns who is
 * signed in, why the page is not theirs, and the way back: the page they came from, or their dashboard.
 */
export function WrongRoleNote({ user, needs, pathname }: WrongRoleNoteProps) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  return (
    <section
      aria-labelledby="wrong-role-heading"
      className="flex flex-col gap-3 rounded-box border border-info/30 bg-info/8 p-4 text-sm"
    >
      <h2 id="wrong-role-heading" className="flex items-start gap-2 font-sans text-base font-semibold text-info">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {wrongRoleReason(pathname, needs)}
      </h2>
      <p className="text-base-content/85">
        Signed in as <strong className="font-semibold break-all">{user.name || user.email}</strong> ({user.role}). To
        open it, log in below with {roleWord[needs]} account.
        {needs === 'seller' && user.role !== 'seller' ? (
          <>
            {' '}
            <Link to={paths.becomeSeller()} className="link font-medium link-primary">
              How to become a seller
            </Link>
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {hydrated && canGoBack() ? (
          <Button size="sm" variant="subtle" className="gap-1.5" onClick={() => navigate(-1)}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Go back
          </Button>
        ) : null}
        <Link
          to={dashboardHome(user.role)}
          className="btn btn-sm gap-1.5 border-base-300 bg-base-100 shadow-none hover:bg-base-200"
        >
          <LayoutDashboard aria-hidden="true" className="size-4" />
          Go to your dashboard
        </Link>
      </div>
    </section>
  )
}
