import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

/** The file that says which process has the embedded database of a data folder open. */
export const LOCK_FILE = 'db.pid'

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${path.join(dataDir, 'db')} is open in another process (pid ${pid}); ` +
        'it takes one process at a time',
    )
  }
}

/** When a process started (Linux: /proc/<pid>/stat), so that a pid the system gave to someone else is told apart. */
function startTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? ''
  } catch {
    return ''
  }
}

/** Whether the process that wrote the lock still runs: its pid lives and, where known, started at the same time. */
function holds(pid: number, started: string): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const now = startTime(pid)
  return !started || !now || now === started
}

/**
 * PGlite opens a data folder that another process has open without a word, and two writers corrupt it: the first
 * process writes its pid (and start time) into DATA_DIR/db.pid, and any other refuses while that process lives. A file
 * left by a process that died (or whose pid now names another process) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, `${process.pid} ${startTime(process.pid)}`)
      closeSync(fd)
      return () => {
        try {
          if (readFileSync(file, 'utf8').split(' ')[0] === String(process.pid)) unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const [pid = '', started = ''] = readFileSync(file, 'utf8').trim().split(' ')
    const holder = Number.parseInt(pid, 10)
    if (holder === process.pid) return () => {} // this process has it open already (tests reopen a folder)
    if (Number.isInteger(holder) && holder > 0 && holds(holder, started)) throw new DataDirInUseError(dataDir, holder)
    try {
      unlinkSync(file) // left by a process that is gone
    } catch {
      // another process took it over first: try again
    }
  }
  throw new Error(`could not lock ${file}`)
}
