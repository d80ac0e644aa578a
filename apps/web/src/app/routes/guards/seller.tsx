import { SellerRoute } from '@/features/auth/components/guards'

/** docs/product/accounts.md#guards: the seller's pages; anyone else goes to '/login'. */
export default SellerRoute
