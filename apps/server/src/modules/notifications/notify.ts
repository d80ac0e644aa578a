import type { NotificationKind } from '@preloved/shared/notifications'
import { lte } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.ts'
import { mailGroups, notifications } from '../../db/schema/index.ts'
import { type LiveBus, publishLive } from '../live/live-bus.ts'
import type { Mailer } from '../mail/mail.service.ts'
import { contactOf, mailAllowed } from './notification-mail.ts'
import { toNotificationJson, unreadCount } from './notifications.repository.ts'

/**
 * The one way a module tells a user something (docs/product/notifications.md): an in-app notification (the bell, the
 * notifications page), pushed live to their open pages, and a mail unless they turned that kind off. Call it after
 * the move it reports has committed; it never throws (a lost notification must not undo a sale).
 */

export interface NotifyDeps {
  db: Db
  live: LiveBus
  mailer: Mailer
  log?: FastifyBaseLogger | undefined
  /** The shop's public address, for links in mail. */
  publicUrl: string
  /** The time a notification is stamped with (the app's clock; the database's when not given). */
  now?: (() => Date) | undefined
}

export const notifyDepsOf = (app: FastifyInstance): NotifyDeps => ({
  db: app.db,
  live: app.live,
  mailer: app.mailer,
  log: app.log,
  publicUrl: app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`,
  now: () => app.now(),
})

export interface NotifyInput {
  userId: string
  kind: NotificationKind
  /** One sentence, shown in the bell and the page ("Bea offered $120.00 for Kelly 28"). */
  text: string
  /** A path inside the shop. */
  link: string
  /** The mail, when this kind is mailed; sent only if the user's preference for `kind` allows it. */
  mail?: MailInput | undefined
}

export interface MailInput {
  subject: string
  text: string
  /**
   * Mail grouped (decision 033): at most one mail of this group to the user every `everyMs`; a notification inside the
   * window is told in the app and live only. `key` names the group (`message:<sender id>`).
   */
  group?: { key: string; everyMs: number } | undefined
}

export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<void> {
  try {
    const [row] = await deps.db
      .insert(notifications)
      .values({
        userId: input.userId,
        kind: input.kind,
        text: input.text,
        link: input.link,
        ...(deps.now ? { createdAt: deps.now() } : {}),
      })
      .returning()
    if (!row) return
    await publishLive(deps.live, deps.db, [input.userId], 'notification', {
      notification: toNotificationJson(row),
      unread: await unreadCount(deps.db, input.userId),
    })
    if (input.mail) await mailNotification(deps, input.userId, input.kind, input.mail)
  } catch (err) {
    deps.log?.warn({ err, userId: input.userId, kind: input.kind }, 'notification not delivered')
  }
}

/**
 * Mails a notification when the user's preference allows it. The notifications module's preferences and signed
 * unsubscribe link (List-Unsubscribe) are applied here.
 */
async function mailNotification(deps: NotifyDeps, userId: string, kind: NotificationKind, mail: MailInput) {
  const contact = await contactOf(deps.db, userId)
  if (!contact || !(await mailAllowed(deps.db, userId, kind))) return
  if (mail.group && !(await claimMailGroup(deps.db, userId, mail.group, deps.now?.() ?? new Date()))) return
  await deps.mailer.send({ to: contact.email, subject: mail.subject, text: mail.text, userId, kind })
}

/**
 * Whether the user's group of mail may be sent now, claimed in one statement: its `mailed_at` moves to now only when
 * the last one is `everyMs` old (or there was none). Of several at once, one claims it; the others find it taken.
 */
export async function claimMailGroup(
  db: DbOrTx,
  userId: string,
  group: { key: string; everyMs: number },
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(mailGroups)
    .values({ userId, groupKey: group.key, mailedAt: now })
    .onConflictDoUpdate({
      target: [mailGroups.userId, mailGroups.groupKey],
      set: { mailedAt: now },
      setWhere: lte(mailGroups.mailedAt, new Date(now.getTime() - group.everyMs)),
    })
    .returning({ userId: mailGroups.userId })
  return claimed.length > 0
}
