import { type ChildProcess, spawn } from 'node:child_process'
import type { LiveEventType } from '@preloved/shared/live'
import { serverDir } from './harness.ts'

/** A live-instance.ts process: the real server with the internal publish path over IPC. */
export interface LiveInstance {
  child: ChildProcess
  url: string
  output: () => string
  /** publishLive on this instance; answers the ids written (each user's own event number, as their stream shows it). */
  publish(userIds: string[], type: LiveEventType, data: Record<string, unknown>): Promise<number[]>
  stop(): Promise<void>
}

/** Starts live-instance.ts with only the given environment (plus PATH/HOME); resolves once it listens. */
export function startLiveInstance(
  env: Record<string, string>,
  onOutput?: (chunk: string) => void,
): Promise<LiveInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/system/live-instance.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let out = ''
  const take = (c: Buffer) => {
    out += c.toString()
    onOutput?.(c.toString())
  }
  child.stdout!.on('data', take)
  child.stderr!.on('data', take)
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let ref = 0
  const waiting = new Map<number, { resolve(ids: number[]): void; reject(err: Error): void }>()
  child.on('message', (msg: { published?: number; ids?: number[]; error?: string }) => {
    const w = msg.published === undefined ? undefined : waiting.get(msg.published)
    if (!w) return
    waiting.delete(msg.published!)
    if (msg.error) w.reject(new Error(msg.error))
    else w.resolve(msg.ids ?? [])
  })
  const publish = (userIds: string[], type: LiveEventType, data: Record<string, unknown>) =>
    new Promise<number[]>((resolve, reject) => {
      const r = ++ref
      waiting.set(r, { resolve, reject })
      child.send({ publish: { ref: r, userIds, type, data } })
    })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exit
  }
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /live instance listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) {
        clearInterval(timer)
        resolve({ child, url: m[1]!, output: () => out, publish, stop })
      }
    }, 50)
    void exit.then((code) => {
      clearInterval(timer)
      reject(Object.assign(new Error(`live instance exited with ${code}: ${out}`), { code, out }))
    })
  })
}
