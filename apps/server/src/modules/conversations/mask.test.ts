import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HIDDEN, maskContactDetails } from './mask.ts'
import { COUNTRY_CASES, HIDDEN_CASES, KEPT_CASES } from './mask-cases.ts'

const H = HIDDEN

describe('masking contact details (decision records 024 and 030)', () => {
  it('has a table of at least 40 disguised contacts and 20 innocent messages', () => {
    expect(HIDDEN_CASES.length).toBeGreaterThanOrEqual(40)
    expect(KEPT_CASES.length).toBeGreaterThanOrEqual(20)
    expect(new Set(HIDDEN_CASES.map(([written]) => written)).size).toBe(HIDDEN_CASES.length)
    expect(new Set(KEPT_CASES).size).toBe(KEPT_CASES.length)
  })

  it.each(HIDDEN_CASES)('hides %j', (written, stored) => {
    expect(maskContactDetails(written)).toEqual({ text: stored, masked: true })
  })

  it.each(KEPT_CASES)('keeps %j as written', (written) => {
    expect(maskContactDetails(written)).toEqual({ text: written, masked: false })
  })

  it.each(COUNTRY_CASES)('reads %j as a phone number of %j or not', (written, countries, stored) => {
    expect(maskContactDetails(written, { countries })).toEqual({ text: stored, masked: stored !== written })
  })

  it('keeps line breaks and the words between hidden parts', () => {
    const { text } = maskContactDetails('Hello!\nMy email: a.b@c.de\nThanks')
    expect(text).toBe(`Hello!\nMy email: ${H}\nThanks`)
  })

  it('keeps innocent text byte for byte around what it hides, whatever its script or spacing', () => {
    const around = ' Ｄｉｅ Tasche ist schön\u200b — ٣ صور ✨\t\r\n '
    const { text } = maskContactDetails(`${around}0,7,7,0,0,9,0,0,1,2,3${around}`)
    expect(text).toBe(`${around}${H}${around}`)
  })

  it('changes nothing but the hidden parts, whatever the text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (written) => {
        const { text, masked } = maskContactDetails(written)
        if (!masked) {
          expect(text).toBe(written)
          return
        }
        // the pieces between the [hidden]s are the original's, in order, from its start to its end
        const pieces = text.split(H)
        expect(written.startsWith(pieces[0]!)).toBe(true)
        expect(written.endsWith(pieces.at(-1)!)).toBe(true)
        let at = pieces[0]!.length
        for (const piece of pieces.slice(1, -1)) {
          const found = written.indexOf(piece, at + 1)
          expect(found).toBeGreaterThan(at)
          at = found + piece.length
        }
      }),
      { numRuns: 400, seed: 20261127 },
    )
  })

  it('hides a phone number written with any separator and any script of digits, planted in words (property)', () => {
    const scripts = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10, 0x1d7ce] // where each script's 0 is
    const words = fc.array(fc.constantFrom('the', 'bag', 'is', 'lovely', 'call', 'me', 'on', 'thanks', 'size', 'or'), {
      maxLength: 6,
    })
    fc.assert(
      fc.property(
        words,
        words,
        fc.constantFrom('', ' ', ',', ', ', '/', '.', '-', ' - ', '\\', ' • ', '\n', '_', '|', '~'),
        fc.constantFrom(...scripts),
        fc.constantFrom('07700900123', '+447700900123', '2015550123', '5550123'),
        (before, after, separator, zero, phone) => {
          const digits = [...phone].map((d) => (/\d/.test(d) ? String.fromCodePoint(zero + Number(d)) : d))
          const planted = digits.join(separator)
          const { text, masked } = maskContactDetails(`${before.join(' ')} ${planted} ${after.join(' ')}`)
          expect(masked).toBe(true)
          expect(text).not.toContain(planted)
          expect(text).toContain(H)
        },
      ),
      { numRuns: 400, seed: 20261127 },
    )
  })

  it('answers quickly on hostile text of the maximum length', () => {
    const hostile = [
      'a '.repeat(1000),
      '1 '.repeat(1000),
      'a.'.repeat(1000),
      'a@'.repeat(1000),
      'a at '.repeat(400),
      'x dot '.repeat(333),
      '@'.repeat(2000),
      'j o h n @ '.repeat(200),
      'venmo '.repeat(333),
      '(1) '.repeat(500),
      'serial 1234 '.repeat(166),
      '1 then '.repeat(285),
      'x.com '.repeat(333),
      'find me on signal: a '.repeat(95),
      '١'.repeat(2000),
      `1${' '.repeat(1998)}x`,
      'paypal is is '.repeat(153),
    ]
    for (const text of hostile) {
      const started = performance.now()
      const { text: out } = maskContactDetails(text)
      expect(out.length).toBeGreaterThan(0)
      expect(performance.now() - started, text.slice(0, 12)).toBeLessThan(500)
    }
  })
})
