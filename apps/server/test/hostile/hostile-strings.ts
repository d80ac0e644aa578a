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
