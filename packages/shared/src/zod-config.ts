import { z } from 'zod'

// zod probes `new Function` at start-up to decide whether to compile its parsers; our CSP (script-src 'self')
// forbids eval, so the probe is refused and logged in every browser console. jitless skips the probe and the eval.
z.config({ jitless: true })
