/**
 * Contact details out of messages (MARKETPLACE.md §5; issue 17): e-mail addresses, phone and account numbers, URLs,
 * social and payment handles (PayPal.me, Venmo @, Cash App $, IBAN, "whatsapp me"…) are replaced by [hidden] before a
 * message is stored, so that deals stay on the platform, where the buyer is protected.
 *
 * How: the text is first read through a normalised copy (NFKC, so full-width "０１２" and "＠" read as "012" and "@";
 * invisible characters dropped), keeping for each of its characters where it came from in the original. Detectors
 * find spans in the copy (e-mail, URL, handle, payment word + handle, messenger app, IBAN, runs of seven or more digits
 * written with digits or words and any spacing); spans that read like prices, dates, year ranges or serial numbers
 * are exempt from the digit rule. The spans are mapped back and replaced, each run of them by one [hidden].
 * Every rule is in the table test (mask.test.ts), which also lists what must stay untouched.
 */

export const HIDDEN = '[hidden]'

/** A normalised copy of a text and, for each of its UTF-16 units, the [start, end) of its source in the original. */
interface Scan {
  text: string
  from: number[]
  to: number[]
}

// zero-width and other invisible characters people slip between letters to defeat filters
const INVISIBLE: readonly [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
]
const invisible = (ch: string) => {
  const cp = ch.codePointAt(0) ?? 0
  return INVISIBLE.some(([a, b]) => cp >= a && cp <= b)
}

function scanOf(text: string): Scan {
  let out = ''
  const from: number[] = []
  const to: number[] = []
  let i = 0
  for (const ch of text) {
    const next = i + ch.length
    if (!invisible(ch)) {
      const n = ch.normalize('NFKC')
      for (let k = 0; k < n.length; k++) {
        out += n[k]
        from.push(i)
        to.push(next)
      }
    }
    i = next
  }
  return { text: out, from, to }
}

type Span = [start: number, end: number]

function spansOf(re: RegExp, text: string, trim?: RegExp): Span[] {
  const spans: Span[] = []
  for (const m of text.matchAll(re)) {
    let s = m[0]
    if (trim) s = s.replace(trim, '')
    if (s.length > 0) spans.push([m.index, m.index + s.length])
  }
  return spans
}

// ——— e-mail addresses and URLs, plain or spelled out ———

/** A dot between domain labels: ".", " . ", "(dot)", "[dot]", " dot ". A "." followed by a space is a full stop. */
const DOT = String.raw`(?:\s*\.(?!\s)|\s+\.\s+|\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+)`
/** Only the spelled-out dots, inside the name of an address ("anna dot smith at…"). */
const WORD_DOT = String.raw`(?:\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+)`
/** "@", "＠" (read as @), "(at)", "[at]", " at ", " arroba ". */
const AT = String.raw`(?:\s*@\s*|\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+|\s+arroba\s+)`
const LABEL = `[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`
/** "g m a i l": one character at a time, spaced out. */
const SPACED = String.raw`[a-z0-9](?:\s[a-z0-9._+-](?![a-z0-9])){1,40}`
const TLD = `(?:com|net|org|edu|gov|io|co|me|uk|us|ca|au|nz|ie|de|fr|es|it|nl|be|ch|at|pt|pl|se|no|dk|fi|ru|cn|jp|in|br|mx|eu|info|biz|shop|store|online|site|app|ly|gl|to|tv|link|xyz|email|page|gg|cc)`
const PROVIDER = `(?:gmail|googlemail|yahoo|hotmail|outlook|icloud|aol|protonmail|proton|gmx|yandex|zoho)`

const EMAIL = new RegExp(
  `(?<![a-z0-9._%+-])(?:${SPACED}|[a-z0-9._%+-]+(?:${WORD_DOT}[a-z0-9_%+-]+)*)` +
    `(?:` +
    // name@domain, or a spelled-out at, then labels and a known ending
    `${AT}(?:${SPACED}|${LABEL})(?:${DOT}(?:${SPACED}|${LABEL}))*${DOT}(?:${TLD}|${SPACED})(?![a-z0-9])` +
    // name@anything.with.dots (a real @ needs no known ending)
    `|@${LABEL}(?:${DOT}${LABEL})*` +
    // "john at gmail": a mail provider needs no ending
    `|${AT}${PROVIDER}(?![a-z0-9])` +
    `)`,
  'gi',
)

const URL_WITH_SCHEME = /\b(?:https?|ftp):\/\/[^\s<>"]+|\bwww\s*\.\s*[^\s<>"]+/gi
/** example.com, shop.example.co.uk/path, "example dot com"; paypal.me/john. */
const DOMAIN = new RegExp(String.raw`(?<![a-z0-9@._-])(?:${LABEL}${DOT})+${TLD}(?![a-z0-9])(?:[/:?#][^\s<>"]*)?`, 'gi')
const URL_TRAILING = /[.,!?;:)\]}'"]+$/

// ——— handles and payment ———

/** @someone (Instagram, Venmo…), not the @ of an e-mail address. */
const HANDLE = /(?<![\w@.])@[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?/gi
/** $cashtag (Cash App); a price starts with a digit and stays. */
const CASHTAG = /(?<![\w$])\$[a-z][a-z0-9_-]+/gi
const PAY = String.raw`(?:pay\s?pal|venmo|cash\s?app|zelle|revolut|monzo|skrill|payoneer)`
/** "paypal me", "venmo me": an invitation to pay outside; "paypal.me john": the link's name too. */
const PAY_ME = new RegExp(String.raw`\b${PAY}\s+me\b|\bpay\s?pal\s*\.\s*me\b(?:\s*[/:]?\s*[a-z0-9][\w.-]*)?`, 'gi')
/** "venmo: john-doe-22", "my zelle is jd_1985": a payment word, then a handle-looking word (digits, _ . or -). */
const PAY_HANDLE = new RegExp(
  String.raw`(?<=\b${PAY}(?:\s+(?:is|at|on|to|id|username|handle|name)\b|\s*[:=-])*\s*)(?=[a-z0-9._-]*[0-9_.-])[a-z0-9][\w.-]*[a-z0-9]`,
  'gi',
)
/** Messenger apps: "whatsapp me", "add me on telegram" (the app's name is hidden). */
const MESSENGER = /\b(?:whats\s?app|telegram|viber|we\s?chat|snap\s?chat|kik|skype)\b(?:\s+me\b)?/gi
/** IBAN: country, check digits, then groups (upper case, as printed). */
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g
const SORT_CODE = /\bsort\s*code\s*:?\s*\d{2}[\s-]?\d{2}[\s-]?\d{2}\b/gi

// ——— numbers: phones, accounts and cards, with digits or words ———

const DIGIT_WORD = `(?<![a-z])(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?![a-z])`
const TOKEN = String.raw`(?:\d|${DIGIT_WORD})`
const SEP = String.raw`[\s.()\-\u2010-\u2015]`
const NUMBER_RUN = new RegExp(String.raw`(?:\+\s?)?\(?${TOKEN}(?:${SEP}*${TOKEN})*`, 'gi')
const TOKENS = new RegExp(TOKEN, 'gi')
/** Seven digits make a local phone number (555-0123). */
const MIN_DIGITS = 7

/** What reads like a number but is not a contact: exempt from the digit rule only. */
const NOT_CONTACT = [
  // prices: $1,250.00, €950, 1.250,00 EUR, 300 dollars
  /[$€£¥]\s?\d{1,3}(?:[,.]\d{3})*(?:[.,]\d{1,2})?(?![\s.-]*\d)/g,
  /(?<![\d.,])\d{1,3}(?:[,.]\d{3})*(?:[.,]\d{1,2})?\s?(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks|[$€£])(?![a-z])/gi,
  // dates: 2024-03-15, 15/03/2024, 15.03.24 (not the start of a longer dotted number)
  /(?<![\d.\-/])\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?![-/.]?\d)/g,
  /(?<![\d.\-/])\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2})(?![-/.]?\d)/g,
  // year ranges: 2015-2019, 2018 to 2020
  /(?<!\d)(?:19|20)\d{2}\s*(?:-|–|—|\/|to)\s*(?:(?:19|20)\d{2}|\d{2})(?!\d)/gi,
  // serial numbers and codes a buyer asks about: "serial 25123456", "date code SD1234", "ref. M40712" (up to 8 digits,
  // and no more digits after: "serial 07700 900123" is a phone)
  /\b(?:serial|hologram|authenticity(?:\s+card)?|date\s*code|style|model|ref(?:erence)?|sku|lot|art(?:icle)?)\b\.?(?:\s*(?:no\.?|nr\.?|number|#|code|card|sticker)\b\.?)*\s*[:#]?\s*[a-z]{0,3}\d{1,8}(?![\s.-]*\d)/gi,
]

function digitRuns(text: string): Span[] {
  const spans: Span[] = []
  for (const m of text.matchAll(NUMBER_RUN)) {
    const digits = [...m[0].matchAll(TOKENS)].length
    if (digits < MIN_DIGITS) continue
    // glued to letters ("tel07700900123", a tracking number): the whole word goes
    let s = m.index
    let e = m.index + m[0].length
    while (s > 0 && /[a-z0-9]/i.test(text[s - 1]!)) s--
    while (e < text.length && /[a-z0-9]/i.test(text[e]!)) e++
    spans.push([s, e])
  }
  return spans
}

function neutralise(text: string, spans: Span[]): string {
  const chars = text.split('')
  for (const [s, e] of spans) for (let i = s; i < e; i++) chars[i] = '#'
  return chars.join('')
}

function merge(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const out: Span[] = []
  for (const [s, e] of sorted) {
    const last = out.at(-1)
    if (last && s <= last[1]) last[1] = Math.max(last[1], e)
    else out.push([s, e])
  }
  return out
}

export interface MaskResult {
  text: string
  /** Whether anything was hidden. */
  masked: boolean
}

/** Replaces the contact details in a message by [hidden]; everything else is kept as written. */
export function maskContactDetails(original: string): MaskResult {
  const scan = scanOf(original)
  const t = scan.text
  const contacts: Span[] = [
    ...spansOf(EMAIL, t),
    ...spansOf(URL_WITH_SCHEME, t, URL_TRAILING),
    ...spansOf(DOMAIN, t, URL_TRAILING),
    ...spansOf(HANDLE, t),
    ...spansOf(CASHTAG, t),
    ...spansOf(PAY_ME, t),
    ...spansOf(PAY_HANDLE, t),
    ...spansOf(MESSENGER, t),
    ...spansOf(IBAN, t),
    ...spansOf(SORT_CODE, t),
  ]
  const exempt = NOT_CONTACT.flatMap((re) => spansOf(re, t))
  // numbers are read with the contacts found so far and the exempt spans blanked out
  contacts.push(...digitRuns(neutralise(t, [...contacts, ...exempt])))
  if (contacts.length === 0) return { text: original, masked: false }

  // back to the original's positions; a run of spans separated only by spaces and punctuation is one [hidden]
  const inOriginal = merge(contacts.map(([s, e]): Span => [scan.from[s]!, scan.to[e - 1]!]))
  let out = ''
  let at = 0
  for (const [s, e] of inOriginal) {
    const between = original.slice(at, s)
    // "whatsapp me +44 7700 900123" and "john@x.com / 07700 900124" read as one [hidden]
    const joined = out.endsWith(HIDDEN) && /^[ \t,;:/|&+-]*$/.test(between)
    if (!joined) out += between + HIDDEN
    at = e
  }
  out += original.slice(at)
  return { text: out, masked: true }
}
