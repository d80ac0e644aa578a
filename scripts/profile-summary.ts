// Summarises V8 CPU profiles (.cpuprofile, as `BENCH_PROFILE=<folder> npm run bench` writes them): the share of
// sampled time by package or source file (self time), the functions with the most self time, and the inclusive share
// of the functions named on the command line (their time and everything they call).
// Run: node --import tsx scripts/profile-summary.ts <file.cpuprofile> [function names…]
// Options (env): PROFILE_TOP (25 rows per table), PROFILE_SKIP_S (leave out the first seconds: the server's start),
// PROFILE_UNTIL_S (leave out what came after that many seconds from the start: one per-kind run of the bench, say),
// PROFILE_CALLERS (a function name: its callers, PROFILE_DEPTH (6) frames up, by time).
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const [file, ...wanted] = process.argv.slice(2)
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [function names…]')
const TOP = Number(process.env.PROFILE_TOP ?? 25)
const SKIP_US = Number(process.env.PROFILE_SKIP_S ?? 0) * 1e6
const UNTIL_US = Number(process.env.PROFILE_UNTIL_S ?? Number.POSITIVE_INFINITY) * 1e6
const CALLERS = process.env.PROFILE_CALLERS
const DEPTH = Number(process.env.PROFILE_DEPTH ?? 6)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

// time per sample (µs): each sample's delta is the time until the next one; samples before SKIP_US or after UNTIL_US
// count for nothing
const sampleTime: number[] = []
let elapsed = 0
for (let i = 0; i < profile.samples.length; i++) {
  elapsed += profile.timeDeltas[i] ?? 0
  sampleTime.push(elapsed < SKIP_US || elapsed > UNTIL_US ? 0 : (profile.timeDeltas[i + 1] ?? 0))
}
const self = new Map<number, number>()
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]!
  self.set(id, (self.get(id) ?? 0) + sampleTime[i]!)
}
const idle = new Set(['(idle)', '(program)', '(garbage collector)'])
let total = 0
let busy = 0
for (const [id, t] of self) {
  total += t
  if (!idle.has(byId.get(id)!.callFrame.functionName)) busy += t
}

/** Where a frame's code lives: a package (node_modules/<name>), a file of ours, node's internals or V8. */
function place(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)'
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (m) return m[1]!
  if (url.startsWith('node:')) return url
  const ours = /\/(apps|packages|scripts)\/(.+)$/.exec(url)
  return ours ? `${ours[1]}/${ours[2]}` : url
}

const pct = (t: number) => `${((100 * t) / Math.max(1, busy)).toFixed(1)} %`
const ms = (t: number) => Math.round(t / 1000)

const byPlace = new Map<string, number>()
const byFunction = new Map<string, number>()
for (const [id, t] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame
  if (idle.has(functionName)) continue
  const where = place(url, functionName)
  byPlace.set(where, (byPlace.get(where) ?? 0) + t)
  const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`
  byFunction.set(key, (byFunction.get(key) ?? 0) + t)
}

console.info(
  `${file}: ${ms(total)} ms sampled, ${ms(busy)} ms busy (not idle, program or GC); ` +
    `GC ${ms([...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(garbage collector)').reduce((s, [, t]) => s + t, 0))} ms`,
)
const top = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, t]) => ({ name, ms: ms(t), share: pct(t) }))
console.info('\nSelf time by place (share of busy time)')
console.table(top(byPlace))
console.info('\nSelf time by function')
console.table(top(byFunction))

if (wanted.length > 0) {
  // inclusive time: a sample counts once for a name when that name is anywhere on its stack
  const inclusive = new Map<string, number>(wanted.map((w) => [w, 0]))
  for (let i = 0; i < profile.samples.length; i++) {
    const t = sampleTime[i]!
    const seen = new Set<string>()
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const name = byId.get(id)!.callFrame.functionName
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name)
        inclusive.set(name, inclusive.get(name)! + t)
      }
    }
  }
  console.info('\nInclusive time of the functions asked for')
  console.table([...inclusive].map(([name, t]) => ({ name, ms: ms(t), share: pct(t) })))
}

if (CALLERS) {
  // the stacks above each sample of CALLERS, DEPTH frames up, by time
  const chains = new Map<string, number>()
  for (let i = 0; i < profile.samples.length; i++) {
    let id: number | undefined = profile.samples[i]
    while (id !== undefined && byId.get(id)!.callFrame.functionName !== CALLERS) id = parent.get(id)
    if (id === undefined) continue
    const frames: string[] = []
    for (let up = parent.get(id); up !== undefined && frames.length < DEPTH; up = parent.get(up)) {
      const { functionName, url, lineNumber } = byId.get(up)!.callFrame
      frames.push(`${functionName || '(anonymous)'} ${place(url, functionName)}:${lineNumber + 1}`)
    }
    const key = frames.join(' < ')
    chains.set(key, (chains.get(key) ?? 0) + sampleTime[i]!)
  }
  console.info(`\nCallers of ${CALLERS}`)
  for (const [chain, t] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.info(`${ms(t)} ms (${pct(t)}): ${chain}`)
}
