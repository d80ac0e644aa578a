import { PrivateRoute } from '@/features/auth/components/guards'

/** docs/product/storefront.md#access: the pages under it need a signed-in user; anyone else goes to '/login' and comes back after. */
export default function SignedInOnly() {
  return <PrivateRoute />
}
