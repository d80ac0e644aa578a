import type { Role } from '@preloved/shared/constants'
import { conversationsNavMessages } from '@preloved/shared/messages/conversations'
import { notificationsMessages } from '@preloved/shared/messages/notifications'
import { offersMessages } from '@preloved/shared/messages/offers'
import { riskMessages } from '@preloved/shared/messages/risk'
import { navMessages } from '@preloved/shared/site-messages'
import { paths } from '@/config/paths'

/** A count shown beside a menu link (menu-counts.tsx: the app provides the numbers). */
export type MenuCountKey = 'messages'

export type MenuItem = { to: string; label: string; count?: MenuCountKey }

export type DashboardMenu = Role

// Every signed-in user can book and keep a wishlist (docs/product/accounts.md#roles: myOrders and wishlist are open to any signed-in user,
// and the server books for any of them), so every role's menu ends with My Orders and My Wishlist: a seller or an
// admin who buys lands on a page their menu holds.
const buying: MenuItem[] = [
  { to: paths.dashboard.myOrders(), label: navMessages.myOrders },
  { to: paths.dashboard.wishlist(), label: navMessages.myWishlist },
]

// The account's own pages, for every role (saved delivery addresses; messages with the unread
// count, notifications, saved searches, mail settings).
const account: MenuItem[] = [
  { to: paths.dashboard.messages(), label: conversationsNavMessages.messages, count: 'messages' },
  { to: paths.dashboard.notifications(), label: notificationsMessages.pageTitle },
  { to: paths.dashboard.savedSearches(), label: notificationsMessages.savedTitle },
  { to: paths.dashboard.addresses(), label: navMessages.addresses },
  { to: paths.dashboard.notificationSettings(), label: notificationsMessages.settingsTitle },
]

// docs/product/storefront.md#header-and-menus: ordinary users, admin and sellers each see their own links first (the admin also reads the
// outbox, docs/product/notifications.md#mail).
export const dashboardMenus = {
  customer: [...buying, { to: paths.dashboard.myOffers(), label: offersMessages.myOffers }, ...account],
  seller: [
    { to: paths.dashboard.addProducts(), label: navMessages.addProduct },
    { to: paths.dashboard.myProducts(), label: navMessages.myProducts },
    { to: paths.dashboard.mySales(), label: navMessages.mySales },
    { to: paths.dashboard.earnings(), label: navMessages.earnings },
    { to: paths.dashboard.offersReceived(), label: offersMessages.offersReceived },
    ...buying,
    ...account,
  ],
  admin: [
    { to: paths.dashboard.allCustomers(), label: navMessages.allCustomers },
    { to: paths.dashboard.allSellers(), label: navMessages.allSellers },
    { to: paths.dashboard.adminOrders(), label: navMessages.orders },
    { to: paths.dashboard.disputes(), label: navMessages.disputes },
    { to: paths.dashboard.flags(), label: riskMessages.title },
    { to: paths.dashboard.reportedItems(), label: navMessages.reportedItems },
    { to: paths.dashboard.reportedMessages(), label: conversationsNavMessages.reportedMessages },
    { to: paths.dashboard.outbox(), label: navMessages.outbox },
    { to: paths.dashboard.posts(), label: navMessages.posts },
    { to: paths.dashboard.settings(), label: navMessages.settings },
    ...buying,
    ...account,
  ],
} satisfies Record<DashboardMenu, MenuItem[]>
