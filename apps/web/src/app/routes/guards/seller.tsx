import { SellerRoute } from '@/features/auth/components/guards'

/** SPEC §6: the seller's pages; anyone else goes to '/login'. */
export default SellerRoute
