import { type LoaderFunctionArgs, type MetaFunction, redirect } from 'react-router'
import { paths } from '@/config/paths'
import { BecomeSeller } from '@/features/home/components/become-seller'
import { cachedSessionUser } from '@/lib/auth-client'
import { originOf, pageMeta } from '@/lib/page-meta'
import { visitorOnServer } from '@/lib/server-api.server'

/** A seller has nothing to become: straight to Add Product, on the server and on a move in the app. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await visitorOnServer(request, context)
  if (user?.role === 'seller') throw redirect(paths.dashboard.addProducts())
  return null
}

export function clientLoader() {
  if (cachedSessionUser()?.role === 'seller') throw redirect(paths.dashboard.addProducts())
  return null
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Become a seller | Preloved Bags Co.',
    description:
      'How to sell your bags on Preloved Bags Co.: create a seller account, list your bags and get verified.',
    share: { origin: originOf(matches), path: paths.becomeSeller() },
  })

/** '/become-a-seller': how a shopper becomes a seller. */
export default function BecomeSellerRoute() {
  return <BecomeSeller />
}
