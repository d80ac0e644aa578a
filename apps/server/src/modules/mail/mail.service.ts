import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { DbOrTx } from '../../db/client.ts'
import { outbox } from '../../db/schema/index.ts'
import { redactSecrets } from '../../lib/redact.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table (shown to admins) and the log. */
export function createMailer(opts: {
  smtpUrl?: string | undefined
  from: string
  db: DbOrTx
  log: FastifyBaseLogger
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl)
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail })
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent')
      },
    }
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await opts.db
        .insert(outbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
      // printed for whoever runs the server locally; the link's token stays in the outbox (admins read it there)
      opts.log.info(
        { to: mail.to, subject: mail.subject, text: redactSecrets(mail.text) },
        'mail stored in the outbox (no SMTP_URL)',
      )
    },
  }
}
