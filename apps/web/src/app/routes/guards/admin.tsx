import { AdminRoute } from '@/features/auth/components/guards'

/** docs/product/accounts.md#guards: the admin's pages; anyone else goes to '/login'. */
export default AdminRoute
