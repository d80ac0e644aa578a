import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from './demo-data.ts'
import { demoPassword } from './demo-password.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'preloved-demo-password-'))

describe('demoPassword', () => {
  it("is the README's password for a local demo, and writes nothing", () => {
    const dir = dataDir()
    expect(demoPassword({ production: false, dataDir: dir })).toBe(DEMO_PASSWORD)
    expect(() => statSync(path.join(dir, 'demo-password'))).toThrow()
  })

  it('is generated once per data folder in production mode, kept beside the auth secret with mode 0600', () => {
    const dir = dataDir()
    const first = demoPassword({ production: true, dataDir: dir })
    expect(first).not.toBe(DEMO_PASSWORD)
    expect(first).toMatch(/^(?=.*[A-Z])(?=.*\d)(?=.*[!@#$&*]).{20,}$/)
    expect(readFileSync(path.join(dir, 'demo-password'), 'utf8')).toBe(first)
    expect(statSync(path.join(dir, 'demo-password')).mode & 0o777).toBe(0o600)
    expect(demoPassword({ production: true, dataDir: dir })).toBe(first) // a restart keeps it
    expect(demoPassword({ production: true, dataDir: dataDir() })).not.toBe(first) // another instance has its own
  })

  it('replaces an unusable leftover file with a new password readable by its owner only', () => {
    const dir = dataDir()
    writeFileSync(path.join(dir, 'demo-password'), 'short', { mode: 0o644 })
    const password = demoPassword({ production: true, dataDir: dir })
    expect(password).not.toBe('short')
    expect(statSync(path.join(dir, 'demo-password')).mode & 0o777).toBe(0o600)
  })
})
