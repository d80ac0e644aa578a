/** Strings attackers send: SQL injection, markup, path traversal, encodings, extremes. */
export const SQL_INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE product; --",
  'Robert\'); DROP TABLE "user";--',
  '" OR ""="',
  '1\' UNION SELECT id, email, name FROM "user" --',
  "admin'--",
  "' OR 1=1 --",
  '1; SELECT pg_sleep(5)',
  '$$; DELETE FROM booking; $$',
  "\\'; TRUNCATE payment; --",
]

export const XSS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload=window.__xss=1>',
  'javascript:window.__xss=1//',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '{{constructor.constructor("window.__xss=1")()}}',
]

export const TRAVERSAL = [
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '/uploads/../../secret.txt',
  'bag.png\u0000.txt',
  '%00',
  '....//....//etc/passwd',
]

export const ODD = [
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '🧳'.repeat(50),
  'a'.repeat(5000),
  '%',
  '%zz',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'a@b',
  'x@example.test',
  '9'.repeat(40),
  'Tote',
  'available',
]

export const HOSTILE = [...SQL_INJECTION, ...XSS, ...TRAVERSAL, ...ODD]

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url')
const SOME_UUID = '3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b'

/**
 * Paging cursors a client can make up (decision 031): `base64url(<instant>|<id>)` with instants PostgreSQL cannot
 * store or that are not what the server writes, ids of the wrong form, extra parts, odd lengths and encodings.
 * Every list must answer each with a 400 naming `cursor`, never by running its query.
 */
export const HOSTILE_CURSORS: string[] = [
  // instants JavaScript reads and PostgreSQL cannot store, or far outside the shop's life
  b64(`+275760-09-13T00:00:00.000Z|${SOME_UUID}`),
  b64(`-271821-04-20T00:00:00.000Z|${SOME_UUID}`),
  b64(`+010000-01-01T00:00:00.000Z|${SOME_UUID}`),
  b64(`0000-01-01T00:00:00.000Z|${SOME_UUID}`),
  b64(`1999-12-31T23:59:59.999Z|${SOME_UUID}`),
  b64(`2101-01-01T00:00:00.000Z|${SOME_UUID}`),
  b64(`9999-12-31T23:59:59.999Z|${SOME_UUID}`),
  // dates that do not exist, and other spellings of real ones
  b64(`2026-02-30T00:00:00.000Z|${SOME_UUID}`),
  b64(`2026-13-01T00:00:00.000Z|${SOME_UUID}`),
  b64(`2026-01-01T24:00:00.000Z|${SOME_UUID}`),
  b64(`2026-01-01|${SOME_UUID}`),
  b64(`2026-01-01T00:00:00Z|${SOME_UUID}`),
  b64(`2026-01-01T00:00:00.000+01:00|${SOME_UUID}`),
  b64(`2026-01-01T00:00:00.000000Z|${SOME_UUID}`),
  b64(`Thu, 01 Jan 2026 00:00:00 GMT|${SOME_UUID}`),
  b64(`1767225600000|${SOME_UUID}`),
  b64(`NaN|${SOME_UUID}`),
  b64(`Infinity|${SOME_UUID}`),
  b64(`|${SOME_UUID}`),
  // ids of the wrong form
  b64('2026-01-01T00:00:00.000Z|'),
  b64('2026-01-01T00:00:00.000Z|not a uuid'),
  b64(`2026-01-01T00:00:00.000Z|${SOME_UUID.toUpperCase()}/x`),
  b64(`2026-01-01T00:00:00.000Z|${SOME_UUID}' OR '1'='1`),
  b64(`2026-01-01T00:00:00.000Z|${'a'.repeat(65)}`),
  b64('2026-01-01T00:00:00.000Z|🧳'),
  b64(`2026-01-01T00:00:00.000Z|${SOME_UUID}|${SOME_UUID}`),
  b64(`2026-01-01T00:00:00.000Z|${SOME_UUID}\n`),
  b64(`2026-01-01T00:00:00.000Z ${SOME_UUID}`),
  b64('seq:99999999999999999999'),
  b64('seq:-1'),
  // lengths and encodings
  'A',
  'AA',
  b64('x'.repeat(100)),
  'A'.repeat(121),
  'A'.repeat(200),
  'A'.repeat(201),
  'A'.repeat(5000),
  `${b64(`2026-01-01T00:00:00.000Z|${SOME_UUID}`)}=`,
  `${b64(`2026-01-01T00:00:00.000Z|${SOME_UUID}`)}.${'A'.repeat(22)}`,
  Buffer.from(`2026-01-01T00:00:00.000Z|${SOME_UUID}`).toString('base64'),
  Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x7c]).toString('base64url'),
  '%00',
  '../../etc/passwd',
]
