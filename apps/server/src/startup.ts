import type { Writable } from 'node:stream'
import { DEMO_ADMIN, DEMO_EMAIL_DOMAIN } from './db/demo/demo-data.ts'
import type { Config } from './plugins/config.ts'

// What a person starting the shop reads in its first minute: readable log lines on a terminal, and one short block
// with the shop's address and the demo accounts. Log collectors (no terminal, or production mode) get JSON lines.

/** Pretty lines on a terminal outside production mode (LOG_FORMAT=auto), or as LOG_FORMAT says. */
export const wantsPrettyLogs = (config: Pick<Config, 'LOG_FORMAT' | 'production'>, isTerminal: boolean) =>
  config.LOG_FORMAT === 'pretty' || (config.LOG_FORMAT === 'auto' && isTerminal && !config.production)

/** pino's JSON lines made readable: time, level and message, then the other fields (loaded only when asked for). */
export async function prettyLogStream(colorize: boolean): Promise<Writable> {
  const { default: pretty } = await import('pino-pretty')
  return pretty({ colorize, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true })
}

/** The demo accounts the README lists, each with what it shows. */
export const DEMO_SIGN_INS = [
  { role: 'customer', email: `emma.wilson@${DEMO_EMAIL_DOMAIN}` },
  { role: 'verified seller', email: `amelia.hart@${DEMO_EMAIL_DOMAIN}` },
  { role: 'unverified seller', email: `liam.chen@${DEMO_EMAIL_DOMAIN}` },
  { role: 'admin', email: DEMO_ADMIN.email },
] as const

const demoAccounts = () => DEMO_SIGN_INS.map((a) => `${a.role} ${a.email}`).join(', ')

/** One line for a JSON log: the demo accounts and their password (the README's, of a local demo). */
export const demoAccountsLine = (password: string) => `Demo accounts (password ${password}): ${demoAccounts()}`

/** One line for a production log: the demo accounts and the file that holds their password (never the password). */
export const demoAccountsFileLine = (file: string) =>
  `Demo accounts (their password is in ${file}, readable by this server's user only): ${demoAccounts()}`

/** The block printed under the log on a terminal once the shop listens. */
export function welcomeBlock(options: {
  url: string
  production: boolean
  demoPassword?: string
  docsForAdmins?: boolean
}): string {
  const { url, production, demoPassword, docsForAdmins } = options
  const lines = [
    '',
    `  Preloved Bags Co. is open at ${url}${production ? ' (production mode)' : ''}`,
    `  API reference:  ${url}/api/docs${docsForAdmins ? ' (admins only)' : ''}`,
  ]
  if (demoPassword !== undefined) {
    const width = Math.max(...DEMO_SIGN_INS.map((a) => a.role.length)) + 2
    lines.push('', `  Demo accounts (password ${demoPassword}):`)
    for (const account of DEMO_SIGN_INS) lines.push(`    ${account.role.padEnd(width)}${account.email}`)
  }
  lines.push('', '  Stop with Ctrl+C.', '')
  return lines.join('\n')
}
