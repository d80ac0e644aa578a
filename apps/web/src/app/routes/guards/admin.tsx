import { AdminRoute } from '@/features/auth/components/guards'

/** SPEC §6: the admin's pages; anyone else goes to '/login'. */
export default AdminRoute
