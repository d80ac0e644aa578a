// npm test, after the build: two vitest runs side by side. The browser files (project e2e) run one at a time in one
// process from the first second; every other project runs in a second process beside it on two workers, and then the
// one browser file of project e2e-late, so that the two runs end close together (vitest.config.ts). Under one
// vitest process the browser files run as a group of their own after everything else (vitest runs a project whose
// files go one at a time apart), so the run took the sum of the two instead of the longer of them (decision 036).
// Both runs keep the same priority: with the API run at nice 10, its tests ran up to five times slower while the
// browser chain ran, and one went past its 30 s.
// Arguments are passed to both runs (a file filter, --shard, a reporter); a run that the filter leaves without files
// passes. Each line is prefixed with its run's name; the exit code is 0 only when both passed.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const extra = process.argv.slice(2)
const runs = [
  { name: 'browser', args: ['--project', 'e2e'] },
  { name: 'api', args: ['--project', '!e2e'] },
]

function run({ name, args }) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', ...args, '--passWithNoTests', ...extra],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`))
    }
    child.on('error', (err) => {
      process.stderr.write(`[${name}] could not start vitest: ${err.message}\n`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const started = Date.now()
const codes = await Promise.all(runs.map(run))
const minutes = ((Date.now() - started) / 60_000).toFixed(1)
for (const [i, { name }] of runs.entries())
  console.log(`${name}: ${codes[i] === 0 ? 'passed' : `FAILED (exit ${codes[i]})`}`)
console.log(`both runs took ${minutes} min`)
process.exit(codes.every((code) => code === 0) ? 0 : 1)
