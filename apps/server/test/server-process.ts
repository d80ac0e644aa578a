import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const serverDir = fileURLToPath(new URL('..', import.meta.url))

export interface ServerProcess {
  child: ChildProcess
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string
  exit: Promise<number | null>
}

/**
 * The real start script (`node --import tsx src/server.ts`, what `npm start` runs) as its own process, with only
 * PATH, HOME and the given variables in its environment.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const collect = (c: Buffer) => {
    out += c.toString()
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, exit }
}
