import { messages } from '@preloved/shared/messages'
import {
  isAlwaysMailed,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
  type UnsubscribeScope,
} from '@preloved/shared/notifications'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { DbOrTx } from '../../db/client.ts'
import { outbox, users } from '../../db/schema/index.ts'
import { redactSecrets } from '../../lib/redact.ts'
import { signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /** The account it goes to, for its unsubscribe link; found by the address when not given. */
  userId?: string | undefined
  /**
   * The notification kind it reports, which the user may turn off (its link turns off that kind). None, or a kind
   * that is always mailed (order updates): account mail, whose link leads to the settings and whose one-click
   * List-Unsubscribe turns off every kind that can be (decision 027).
   */
  kind?: NotificationKind | undefined
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
}

/** What the unsubscribe links of mail need: the shop's address, the signing secret, the time. */
export interface MailLinks {
  publicUrl: string
  authSecret: string
  now: () => Date
}

/** Where a signed-in user chooses their mail (the web app's page). */
export const MAIL_SETTINGS_PATH = '/dashboard/notification-settings'

/** The mail as sent: its footer added, and the List-Unsubscribe headers (RFC 2369, RFC 8058 one-click). */
interface Prepared {
  to: string
  subject: string
  text: string
  html?: string | undefined
  headers: Record<string, string>
}

/**
 * Every mail gets a footer and List-Unsubscribe headers. To an account: a signed link (no sign-in
 * needed) that turns off the mail's kind, or every kind that can be turned off when the mail itself cannot be (a
 * receipt, a password reset); `List-Unsubscribe-Post` makes it one click in mail clients (RFC 8058). To an address
 * without an account: the settings page only.
 */
async function prepare(db: DbOrTx, links: MailLinks | undefined, mail: Mail): Promise<Prepared> {
  const base = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }
  if (!links) return { ...base, headers: {} }
  const origin = links.publicUrl.replace(/\/+$/, '')
  const settings = `${origin}${MAIL_SETTINGS_PATH}`
  const userId = mail.userId ?? (await accountOf(db, mail.to))
  if (!userId) {
    return {
      ...base,
      text: mail.text + messages.notifications.footerAlways(settings),
      headers: { 'List-Unsubscribe': `<${settings}>` },
    }
  }
  const optional = mail.kind !== undefined && !isAlwaysMailed(mail.kind)
  const scope: UnsubscribeScope = optional ? mail.kind! : 'all'
  const token = signUnsubscribeToken(unsubscribeKey(links.authSecret), userId, scope, links.now())
  const oneClick = `${origin}/api/unsubscribe?token=${token}`
  const page = `${origin}/unsubscribe?token=${token}`
  const footer = optional
    ? messages.notifications.footerOptional(NOTIFICATION_KIND_LABELS[mail.kind!], page, settings)
    : messages.notifications.footerAlways(settings)
  return {
    ...base,
    text: mail.text + footer,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

/** The account of an address (not deleted), if there is one. */
async function accountOf(db: DbOrTx, address: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, address.toLowerCase()), isNull(users.deletedAt)))
    .limit(1)
  return row?.id
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table (shown to admins) and the log. */
export function createMailer(opts: {
  smtpUrl?: string | undefined
  from: string
  db: DbOrTx
  log: FastifyBaseLogger
  /** The unsubscribe links and headers of every mail; without them mail goes out as given (scripts). */
  links?: MailLinks | undefined
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl)
    return {
      kind: 'smtp',
      async send(mail) {
        const m = await prepare(opts.db, opts.links, mail)
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          headers: m.headers,
        })
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent')
      },
    }
  }
  return {
    kind: 'outbox',
    async send(mail) {
      const m = await prepare(opts.db, opts.links, mail)
      await opts.db.insert(outbox).values({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        headers: Object.keys(m.headers).length > 0 ? m.headers : null,
      })
      // printed for whoever runs the server locally; the link's token stays in the outbox (admins read it there)
      opts.log.info(
        { to: m.to, subject: m.subject, text: redactSecrets(m.text) },
        'mail stored in the outbox (no SMTP_URL)',
      )
    },
  }
}
