import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface LocalOidc {
  issuer: string
  clientId: string
  clientSecret: string
  close(): Promise<void>
}

/**
 * A real, certified OpenID Provider (the `oidc-provider` package) on a free local port, standing in for Google.
 * Its development login screen accepts any login: the login becomes the account's email.
 */
export async function startLocalOidc(redirectUris: string[]): Promise<LocalOidc> {
  const clientId = 'preloved-test-client'
  const clientSecret = 'preloved-test-secret-preloved-test-secret'
  // listen first to learn the port, then mount the provider with the matching issuer
  const { createServer } = await import('node:http')
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | undefined
  const server = createServer((req, res) => handler?.(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
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
        email_verified: true,
        name: id
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
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
