import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'preloved-lock-'))

describe('lockDataDir', () => {
  it('refuses a data folder that a living process holds, naming it', async () => {
    const dir = dataDir()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      await new Promise((r) => other.once('spawn', r))
      writeFileSync(path.join(dir, LOCK_FILE), String(other.pid))
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
      expect(() => lockDataDir(dir)).toThrow(`open in another process (pid ${other.pid})`)
    } finally {
      other.kill()
    }
  })

  it('takes over the file of a process that is gone, and removes its own on release', async () => {
    const dir = dataDir()
    const gone = spawn(process.execPath, ['-e', ''])
    await new Promise((r) => gone.once('exit', r))
    writeFileSync(path.join(dir, LOCK_FILE), `${gone.pid} 123`)
    const release = lockDataDir(dir)
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true)
    release()
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false)
  })

  it('takes over the file when its pid now names a process that started later', () => {
    const dir = dataDir()
    writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid} 1`) // a living pid, but not the one that wrote it
    if (process.platform === 'linux') lockDataDir(dir)()
  })
})
