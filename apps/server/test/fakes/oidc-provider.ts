import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface LocalOidc {
  issuer: string
  clientId: string
  clientSecret: string
  /** Logins (emails) for which the provider says `email_verified: false`; every other login is verified. */
  unverified: Set<string>
  /** Names the provider gives instead of the one made from the email. */
  names: Map<string, string>
  /** Starts answering for a client with these redirect URIs (a browser test knows its port only after start). */
  mount(redirectUris: string[]): void
  close(): Promise<void>
}

/**
 * A real, certified OpenID Provider (the `oidc-provider` package) on a free local port, standing in for Google
 * in the API and browser tests. Its development login screen accepts any login: the login becomes the account's
 * email (verified, unless listed in `unverified`), and the name is made from it. Until mounted it answers 503, which better-auth treats as "discovery
 * pending" and retries at the first sign-in.
 */
export async function startLocalOidc(redirectUris?: string[]): Promise<LocalOidc> {
  const clientId = 'preloved-test-client'
  const clientSecret = 'preloved-test-secret-preloved-test-secret'
  const unverified = new Set<string>()
  const names = new Map<string, string>()
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server = createServer((req, res) => {
    if (handler) return handler(req, res)
    res.statusCode = 503
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const mount = (uris: string[]) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: uris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => ({
          sub: id,
          email: id,
          email_verified: !unverified.has(id),
          name:
            names.get(id) ??
            id
              .split('@')[0]!
              .split(/[.-]/)
              .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
              .join(' '),
        }),
      }),
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['local-oidc-cookie-key-0001'] },
    })
    provider.on('server_error', () => {})
    handler = provider.callback()
  }
  if (redirectUris) mount(redirectUris)
  return {
    issuer,
    clientId,
    clientSecret,
    unverified,
    names,
    mount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
