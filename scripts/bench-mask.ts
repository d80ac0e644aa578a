// Contact masking on every message (decision record 030): times maskContactDetails on a typical message, on a
// 2,000-character message full of disguised contacts, and on 2,000-character texts built to make regular expressions
// backtrack or to feed libphonenumber many candidates. Prints p50/p99/max per text over BENCH_RUNS runs (after a
// warm-up), and the mean CPU time of this process per call (less disturbed by other processes on a busy machine).
// Run: npm run bench:mask (BENCH_RUNS=500, SHOP_COUNTRIES=US,GB).
import type { CountryCode } from 'libphonenumber-js/min'
import { maskContactDetails } from '../apps/server/src/modules/conversations/mask.ts'
import { HIDDEN_CASES, KEPT_CASES } from '../apps/server/src/modules/conversations/mask-cases.ts'
import { percentile } from './bench-mix.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 500)
const countries = (process.env.SHOP_COUNTRIES ?? 'US,GB').split(',').map((c) => c.trim() as CountryCode)
const MAX = 2000

/** Repeats pieces (joined by a space) up to exactly MAX characters. */
const fill = (pieces: readonly string[]) => {
  let out = ''
  for (let i = 0; out.length < MAX; i++) out += `${pieces[i % pieces.length]} `
  return out.slice(0, MAX)
}

const texts: Record<string, string> = {
  'typical question (80 chars)': 'Hello! Is the strap original, and can you ship to Leeds by Friday? $1,100 ok?',
  'hostile: every disguised contact of the table': fill(HIDDEN_CASES.map(([written]) => written)),
  'innocent: every kept message of the table': fill(KEPT_CASES),
  'mixed: kept and hidden alternating': fill(
    HIDDEN_CASES.flatMap(([written], i) => [written, KEPT_CASES[i % KEPT_CASES.length]!]),
  ),
  'digits and commas': fill(['0,7,7,0,0,9,0,0,1,2,3']),
  'serial numbers (libphonenumber on each)': fill(['serial 07700900']),
  'numbers split by "then"': fill(['0770 then 0900 then 123']),
  'domains with new endings': fill(['annabags.dev', 'example[.]club', 'x dot ai']),
  'spaced-out letters': fill(['j o h n @ g m a i l . c o m']),
  'single digits and spaces': '1 '.repeat(MAX / 2),
  'at and dot words': 'a at b dot '.repeat(MAX / 11),
  'payment names': fill(['paypal is is', 'venmo: ', 'find me on signal:']),
  'Arabic-Indic digits': '٠١٢٣٤٥٦٧٨٩ '.repeat(MAX / 11),
  'one letter then 1,998 spaces': `1${' '.repeat(MAX - 2)}x`,
}

console.info(`maskContactDetails, ${RUNS} runs each, countries ${countries.join(',')}`)
console.info(
  'text'.padEnd(48),
  'chars'.padStart(6),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'max ms'.padStart(8),
  'cpu ms'.padStart(8),
)
for (const [name, text] of Object.entries(texts)) {
  for (let i = 0; i < 20; i++) maskContactDetails(text, { countries })
  const times: number[] = []
  const cpu = process.cpuUsage()
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    maskContactDetails(text, { countries })
    times.push(performance.now() - started)
  }
  const { user, system } = process.cpuUsage(cpu)
  times.sort((a, b) => a - b)
  const f = (n: number) => n.toFixed(3).padStart(8)
  console.info(
    name.padEnd(48),
    String(text.length).padStart(6),
    f(percentile(times, 50)),
    f(percentile(times, 99)),
    f(times.at(-1)!),
    f((user + system) / 1000 / RUNS),
  )
}
