import { describe, expect, it } from 'vitest'
import { demoAccountsLine, wantsPrettyLogs, welcomeBlock } from './startup.ts'

describe('the first minute of a start', () => {
  it('prints readable lines on a terminal outside production mode, JSON otherwise, unless LOG_FORMAT says', () => {
    const cases = [
      { LOG_FORMAT: 'auto', production: false, terminal: true, pretty: true },
      { LOG_FORMAT: 'auto', production: false, terminal: false, pretty: false },
      { LOG_FORMAT: 'auto', production: true, terminal: true, pretty: false },
      { LOG_FORMAT: 'pretty', production: true, terminal: false, pretty: true },
      { LOG_FORMAT: 'json', production: false, terminal: true, pretty: false },
    ] as const
    for (const { terminal, pretty, ...config } of cases) {
      expect(wantsPrettyLogs(config, terminal), JSON.stringify({ ...config, terminal })).toBe(pretty)
    }
  })

  it('the welcome block names the address, the API reference and each demo account with its role', () => {
    const block = welcomeBlock({ url: 'http://localhost:3000', production: false, demoPassword: 'Demo#2026' })
    expect(block.split('\n')).toEqual([
      '',
      '  Preloved Bags Co. is open at http://localhost:3000',
      '  API reference:  http://localhost:3000/api/docs',
      '',
      '  Demo accounts (password Demo#2026):',
      '    customer           emma.wilson@demo.preloved.test',
      '    verified seller    amelia.hart@demo.preloved.test',
      '    unverified seller  liam.chen@demo.preloved.test',
      '    admin              admin@demo.preloved.test',
      '',
      '  Stop with Ctrl+C.',
      '',
    ])
    const production = welcomeBlock({ url: 'https://shop.example', production: true, docsForAdmins: true })
    expect(production).toContain('open at https://shop.example (production mode)')
    expect(production).toContain('  API reference:  https://shop.example/api/docs (admins only)')
    expect(production).not.toContain('Demo accounts')
    expect(demoAccountsLine('x')).toBe(
      'Demo accounts (password x): customer emma.wilson@demo.preloved.test, verified seller amelia.hart@demo.preloved.test, unverified seller liam.chen@demo.preloved.test, admin admin@demo.preloved.test',
    )
  })
})
