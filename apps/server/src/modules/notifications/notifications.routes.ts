import { messages } from '@preloved/shared/messages'
import {
  isAlwaysMailed,
  type NotificationKind,
  notificationListSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  readNotificationsBodySchema,
  readNotificationsResultSchema,
  unreadSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateNotificationSettingsBodySchema,
} from '@preloved/shared/notifications'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, nextLink } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { publishLive } from '../live/live-bus.ts'
import {
  listNotifications,
  markRead,
  readSettings,
  toNotificationJson,
  unreadCount,
  writeSettings,
} from './notifications.repository.ts'
import { previewUnsubscribe, unsubscribe } from './notifications.service.ts'

const DEFAULT_PAGE = 20

/**
 * Notifications (docs/product/notifications.md): the signed-in user's own list (newest first, keyset-paged, with
 * `X-Unread-Count`), the unread count for the bell, marking read; mail preferences per kind; and the signed one-click
 * unsubscribe link every mail carries (no sign-in: the signature proves whose it is).
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 120, windowMs: 60_000, key: (req) => `notifications:${req.user?.id}` })
  const perIp = app.limiter({ max: 30, windowMs: 60_000, key: (req) => `unsubscribe:${req.ip}` })

  // RFC 8058: a mail client's one-click POST sends the form field `List-Unsubscribe=One-Click` (the token is in the
  // link's query); as a form or as multipart, its content is not needed
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
    done(null, {}),
  )

  app.get(
    '/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, with Link paging and X-Unread-Count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req)
      const limit = req.query.limit ?? DEFAULT_PAGE
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined
      const rows = await listNotifications(app.db, user.id, cursor, limit + 1)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      if (rows.length > limit && last) reply.header('link', nextLink(req.url, encodeCursor(last)))
      reply.header('x-unread-count', String(await unreadCount(app.db, user.id)))
      reply.header('cache-control', 'no-store')
      return page.map(toNotificationJson)
    },
  )

  app.get(
    '/notifications/unread',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notifications are unread (the bell)',
        response: { 200: unreadSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { unread: await unreadCount(app.db, signedInUser(req).id) }
    },
  )

  app.post(
    '/notifications/read',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['notifications'],
        summary: 'Mark your notifications read: { ids } or { all: true } (ids that are not yours are ignored)',
        body: readNotificationsBodySchema,
        response: { 200: readNotificationsResultSchema },
      },
    },
    async (req) => {
      const user = signedInUser(req)
      const marked = await markRead(app.db, user.id, req.body, app.now())
      const unread = await unreadCount(app.db, user.id)
      // the user's other open pages update their bell
      if (marked > 0) {
        await publishLive(app.live, app.db, [user.id], 'notification', { unread }).catch((err: unknown) =>
          req.log.warn({ err }, 'notification read not pushed'),
        )
      }
      return { marked, unread }
    },
  )

  app.get(
    '/notification-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Your mail setting per kind of notification (and the kinds always mailed)',
        response: { 200: notificationSettingsSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return readSettings(app.db, signedInUser(req).id)
    },
  )

  app.put(
    '/notification-settings',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['notifications'],
        summary: 'Turn mail on or off per kind (the kinds named change; order updates cannot be turned off)',
        body: updateNotificationSettingsBodySchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (req) => {
      const user = signedInUser(req)
      const mail = req.body.mail as Partial<Record<NotificationKind, boolean>>
      if (Object.entries(mail).some(([kind, on]) => on === false && isAlwaysMailed(kind as NotificationKind)))
        throw new AppError(400, messages.notifications.alwaysMailedError)
      await writeSettings(
        app.db,
        user.id,
        Object.fromEntries(Object.entries(mail).filter(([kind]) => !isAlwaysMailed(kind as NotificationKind))),
        app.now(),
      )
      return readSettings(app.db, user.id)
    },
  )

  app.get(
    '/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['notifications'],
        summary: "A mail's List-Unsubscribe link opened in a browser: on to the confirmation page (nothing changes)",
        querystring: unsubscribeQuerySchema,
      },
    },
    async (req, reply) => {
      const token = req.query.token
      reply.header('cache-control', 'no-store')
      return reply.redirect(token ? `/unsubscribe?token=${encodeURIComponent(token)}` : '/unsubscribe', 303)
    },
  )

  app.get(
    '/unsubscribe/preview',
    {
      config: { access: 'public' },
      preHandler: perIp,
      schema: {
        tags: ['notifications'],
        summary: 'What a signed unsubscribe link turns off, and whether it is off already (400: forged or expired)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResultSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return previewUnsubscribe(app.db, app.config.AUTH_SECRET, req.query.token, app.now())
    },
  )

  app.post(
    '/unsubscribe',
    {
      config: { access: 'public' },
      preHandler: perIp,
      schema: {
        tags: ['notifications'],
        summary:
          'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post, token in the query) or the confirmation page ({ token }); no sign-in',
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        response: { 200: unsubscribeResultSchema },
      },
    },
    async (req, reply) => {
      const token = req.query.token ?? req.body?.token
      reply.header('cache-control', 'no-store')
      return unsubscribe(app.db, app.config.AUTH_SECRET, token, app.now())
    },
  )
}
