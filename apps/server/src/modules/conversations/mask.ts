/**
 * Contact details out of messages (decision records 024 and 030): e-mail addresses, phone and account numbers, links,
 * handles, payment and messenger accounts and invitations to move off the platform are replaced by [hidden] before a
 * message is stored, so that deals stay on the platform, where the buyer is protected.
 *
 * How: the message is read through copies ("views") that undo the usual disguises, each keeping for every character
 * where it came from in the original:
 * - folded: NFKC (full-width "０１２", "＠"), every Unicode decimal digit as ASCII (Arabic-Indic, Devanagari…),
 *   invisible characters and combining marks dropped;
 * - links: the folded text with "[.]", "(dot)", " dot ", "(at)", " at " and spaced-out letters undone, read by
 *   linkify-it with every top-level domain there is (the `tlds` list), plus "name at gmail" forms; payment and
 *   messenger names (mask-words.ts) with the handle after them, and invitations ("find me on signal"), are read here
 *   too;
 * - digits: the folded text with spelled digits ("oh seven") and letters posing as digits ("O77OO") as digits, where
 *   numbers are runs of digits with any punctuation between them ("0,7,7", "0/7/7", "07.70.0900"), joined across
 *   "then", "ext", "and"… A run that reads as a price, date, time, measurement or list keeps its exemption only when
 *   it stands on its own; seven digits or more are hidden, and where digits alone do not decide (a code after
 *   "serial", a number split by words) libphonenumber-js decides whether they are a possible phone number in one of
 *   the shop's countries.
 * Found spans are mapped back to the original, so everything else stays exactly as written. The vocabulary lives in
 * mask-words.ts and every rule in the table of mask-cases.ts.
 */
import { type CountryCode, findNumbers } from 'libphonenumber-js/min'
import { LinkifyIt } from 'linkify-it'
import tldList from 'tlds/index.json' with { type: 'json' }
import {
  CODE_WORDS,
  CURRENCY_WORDS,
  DIGIT_WORDS,
  EVERYDAY_TWO_LETTER_WORDS,
  HANDLE_INTRODUCERS,
  INVITATION_VERBS,
  MAIL_PROVIDERS,
  NOT_A_HANDLE,
  NUMBER_JOINERS,
  OFF_PLATFORM_SERVICES,
  SPELLED_DOT_ENDINGS,
  STRONG_HANDLE_INTRODUCERS,
  UNITS,
} from './mask-words.ts'

export const HIDDEN = '[hidden]'

/** The countries whose phone numbers are looked for when SHOP_COUNTRIES is not set. */
export const DEFAULT_SHOP_COUNTRIES: readonly CountryCode[] = ['US', 'GB']

export interface MaskOptions {
  /** Where the shop's members live: numbers are read as possible phone numbers of these countries. */
  countries?: readonly CountryCode[]
}

export interface MaskResult {
  text: string
  /** Whether anything was hidden. */
  masked: boolean
}

// ———————————————————————————— views: a rewritten copy that knows where each character came from ————————————————————————————

/** A copy of the message; for each of its UTF-16 units, the [from, to) of its source in the original. */
interface View {
  text: string
  from: number[]
  to: number[]
}

type Span = [start: number, end: number]

/** The original's span of `view.text.slice(start, end)`. */
const inOriginal = (view: View, start: number, end: number): Span => [view.from[start]!, view.to[end - 1]!]

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
const isInvisible = (cp: number) => INVISIBLE.some(([a, b]) => cp >= a && cp <= b)

const DECIMAL_DIGIT = /^\p{Nd}$/u
const digitOf = new Map<number, string>()
/**
 * The ASCII digit of any Unicode decimal digit. Unicode assigns decimal digits only in runs of ten, 0 to 9, so the
 * value is the distance from the start of the run (some runs are several sets of ten back to back).
 */
function asciiDigit(cp: number): string {
  let digit = digitOf.get(cp)
  if (digit === undefined) {
    let start = cp
    while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--
    digit = String((cp - start) % 10)
    digitOf.set(cp, digit)
  }
  return digit
}

/** Circled digits that NFKC leaves alone: ❶ ➀ ➊ (1–10), ⓵ (1–10), ⓫ (11–20), ⓿ and the ideographic 〇. */
const CIRCLED: readonly [first: number, last: number, valueOfFirst: number][] = [
  [0x2776, 0x277f, 1],
  [0x2780, 0x2789, 1],
  [0x278a, 0x2793, 1],
  [0x24f5, 0x24fe, 1],
  [0x24eb, 0x24f4, 11],
  [0x24ff, 0x24ff, 0],
  [0x3007, 0x3007, 0],
]
const circledDigits = (cp: number) => {
  const range = CIRCLED.find(([a, b]) => cp >= a && cp <= b)
  return range ? String(cp - range[0] + range[2]) : undefined
}
const MARK = /^\p{M}$/u

/**
 * The folded view: NFKC, Unicode digits as ASCII, invisible characters and combining marks dropped ("p̲a̲y̲p̲a̲l̲",
 * "0⃣7⃣"; the view is only read, never stored).
 */
function fold(original: string): View {
  let text = ''
  const from: number[] = []
  const to: number[] = []
  let i = 0
  for (const ch of original) {
    const next = i + ch.length
    const cp = ch.codePointAt(0)!
    const out =
      cp < 0x80
        ? ch
        : isInvisible(cp) || MARK.test(ch)
          ? ''
          : DECIMAL_DIGIT.test(ch)
            ? asciiDigit(cp)
            : (circledDigits(cp) ?? ch.normalize('NFKC'))
    for (let k = 0; k < out.length; k++) {
      from.push(i)
      to.push(next)
    }
    text += out
    i = next
  }
  return { text, from, to }
}

/**
 * A view with each match of `re` (global) replaced by what `replace` answers (undefined keeps the match); replaced
 * characters come from the whole match.
 */
function rewrite(view: View, re: RegExp, replace: (m: RegExpExecArray, text: string) => string | undefined): View {
  let text = ''
  const from: number[] = []
  const to: number[] = []
  let at = 0
  const copy = (end: number) => {
    text += view.text.slice(at, end)
    for (let k = at; k < end; k++) {
      from.push(view.from[k]!)
      to.push(view.to[k]!)
    }
  }
  let replaced = false
  re.lastIndex = 0
  for (let m = re.exec(view.text); m; m = re.exec(view.text)) {
    if (m[0].length === 0) {
      re.lastIndex++
      continue
    }
    const replacement = replace(m, view.text)
    if (replacement === undefined) continue
    replaced = true
    copy(m.index)
    const [s, e] = inOriginal(view, m.index, m.index + m[0].length)
    for (let k = 0; k < replacement.length; k++) {
      from.push(s)
      to.push(e)
    }
    text += replacement
    at = m.index + m[0].length
  }
  if (!replaced) return view
  copy(view.text.length)
  return { text, from, to }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A spelling from mask-words.ts as a pattern: a space or dot in it matches any or no space, dot, _ or -. */
const spelling = (s: string) =>
  s
    .split(/[ .]+/)
    .map((part) => escapeRegExp(part).replace(/'/g, "['’]?"))
    .join('[\\s._-]*')
const anyOf = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(spelling)
    .join('|')

/** Not inside a word: the lookarounds every word pattern here is wrapped in. */
const WORD_START = '(?<![\\p{L}\\p{N}])'
const WORD_END = '(?![\\p{L}\\p{N}])'

// ———————————————————————————— links and e-mail addresses ————————————————————————————

const TLDS = new Set(tldList.map((t) => t.toLowerCase()))
const EVERYDAY = new Set(EVERYDAY_TWO_LETTER_WORDS)
/** Endings trusted after a spelled-out dot. */
const SPELLED_ENDINGS = new Set([
  ...SPELLED_DOT_ENDINGS,
  ...[...TLDS].filter((t) => /^[a-z]{2}$/.test(t) && !EVERYDAY.has(t)),
])

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds([...TLDS])

/** "j o h n @ g m a i l . c o m": four or more single characters with single spaces between. */
const SPACED_OUT = /(?<!\S)\S(?: \S){3,}(?!\S)/gu
const BRACKET_DOT = /(?<!\s)\s*[[({<]\s*(?:\.|dot|punto|point)\s*[\])}>]\s*/giu
const BRACKET_AT = /(?<!\s)\s*[[({<]\s*(?:at|@|arroba|a)\s*[\])}>]\s*/giu
/** " dot ", " . ", " .", ideographic full stops: a dot when a trusted ending follows. */
const SPELLED_DOT = /(?<=[\p{L}\p{N}])(?:\s+(?:dot|punto)\s+|\s+\.\s*|\s*[。｡․‧]\s*)(?=[\p{L}\p{N}])/giu
/** " at ", " @ ", "@ ": an at when a domain or a mail provider follows. */
const SPELLED_AT = /(?<=[\p{L}\p{N}._%+-])(?:\s+(?:at|arroba)\s+|\s+@\s*|\s*@\s+)(?=[\p{L}\p{N}])/giu
/** The dots inside the name of an address: "anna dot smith@…". */
const LOCAL_DOT = /(?<!\s)\s+(?:dot|\.)\s+(?=[\p{L}\p{N}_%+-][\p{L}\p{N}._%+-]*@)/giu
const DOMAIN_AHEAD = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+([\p{L}\p{N}-]{2,63})(?![\p{L}\p{N}_@-])/u
const PROVIDERS = anyOf(MAIL_PROVIDERS)
const PROVIDER_AHEAD = new RegExp(`^(?:${PROVIDERS})${WORD_END}`, 'iu')

const nextLabel = (text: string, at: number) => /^[\p{L}\p{N}-]{1,63}/u.exec(text.slice(at, at + 64))?.[0].toLowerCase()

/** The link view: dots and ats written in words or brackets, and spaced-out letters, as plain "." and "@". */
function linkView(folded: View): View {
  let v = rewrite(folded, SPACED_OUT, (m) => m[0].replaceAll(' ', ''))
  v = rewrite(v, BRACKET_DOT, (m, text) => (TLDS.has(nextLabel(text, m.index + m[0].length) ?? '') ? '.' : undefined))
  v = rewrite(v, SPELLED_DOT, (m, text) =>
    SPELLED_ENDINGS.has(nextLabel(text, m.index + m[0].length) ?? '') ? '.' : undefined,
  )
  /** Whether a domain with a known ending, or a mail provider, follows. */
  const addressAhead = (m: RegExpExecArray, text: string) => {
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 256)
    const domain = DOMAIN_AHEAD.exec(rest)
    return Boolean(domain && TLDS.has(domain[1]!.toLowerCase())) || PROVIDER_AHEAD.test(rest)
  }
  // "(at)" is always an at; "(a)" only before an address: "(a) the strap, (b) the lining" is a list
  v = rewrite(v, BRACKET_AT, (m, text) =>
    !/[([{<]\s*a\s*[)\]}>]/i.test(m[0]) || addressAhead(m, text) ? '@' : undefined,
  )
  v = rewrite(v, SPELLED_AT, (m, text) => (addressAhead(m, text) ? '@' : undefined))
  return rewrite(v, LOCAL_DOT, () => '.')
}

/** A real @ between a name and a word: "john@fastmail", "anna@proton". */
const AT_NO_ENDING = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?/gu
/** "john at fastmail", "anna arroba gmail": a name, an at, a mail provider. */
const AT_PROVIDER = new RegExp(
  `(?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]+(?:\\s+(?:at|arroba)\\s+|\\s*@\\s*)(?:${PROVIDERS})${WORD_END}`,
  'giu',
)
/** What ends a sentence after a link rather than the link: "see example.com/bag." */
const URL_TRAILING = '.,!?;:)]}\'"'

function linkSpans(view: View): Span[] {
  const spans: Span[] = []
  for (const m of linkify.match(view.text) ?? []) {
    let end = m.lastIndex
    while (end > m.index && URL_TRAILING.includes(view.text[end - 1]!)) end--
    if (end > m.index) spans.push(inOriginal(view, m.index, end))
  }
  for (const re of [AT_NO_ENDING, AT_PROVIDER]) {
    for (const m of view.text.matchAll(re)) spans.push(inOriginal(view, m.index, m.index + m[0].length))
  }
  return spans
}

// ———————————————————————————— handles, payment and messenger accounts ————————————————————————————

/** @someone (Instagram, Venmo…), not the @ of an e-mail address. */
const HANDLE = /(?<![\p{L}\p{N}_@.])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?/gu
/** $cashtag (Cash App); a price starts with a digit and stays. */
const CASHTAG = /(?<![\p{L}\p{N}$])\$\p{L}[\p{L}\p{N}_-]+/gu
/** IBAN: country, check digits, then groups (upper case, as printed). */
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g
const SORT_CODE = /\bsort\s*code\s*:?\s*\d{2}[\s-]?\d{2}[\s-]?\d{2}\b/gi

const allNames = OFF_PLATFORM_SERVICES.flatMap((s) => s.names)
const SERVICE_NAME = new RegExp(`^(?:${anyOf(allNames)})$`, 'iu')
const EVERYDAY_NAME = new RegExp(
  `^(?:${anyOf(OFF_PLATFORM_SERVICES.filter((s) => s.everydayWord).flatMap((s) => s.names))})$`,
  'iu',
)
const NAMES = anyOf(allNames)
const ALWAYS_HIDDEN = new RegExp(
  `${WORD_START}(?:${anyOf(OFF_PLATFORM_SERVICES.filter((s) => s.alwaysHidden).flatMap((s) => s.names))})${WORD_END}(?:\\s+me${WORD_END})?`,
  'giu',
)
/** "paypal me", "zelle me": an invitation to pay outside. */
const NAME_ME = new RegExp(
  `${WORD_START}(?:${anyOf(OFF_PLATFORM_SERVICES.filter((s) => !s.everydayWord).flatMap((s) => s.names))})\\s+me${WORD_END}`,
  'giu',
)
const INTRODUCER = `\\s*(?:[:=#@]|-+>?|(?:${anyOf(HANDLE_INTRODUCERS)})${WORD_END})`
const STRONG_LINK = new RegExp(`[:=#@]|-|(?:${anyOf(STRONG_HANDLE_INTRODUCERS)})`, 'iu')
const HANDLE_WORD = '[@$+]?[\\p{L}\\p{N}_](?:[\\p{L}\\p{N}_.#-]{0,38}[\\p{L}\\p{N}_])?'
/** A service's name, then maybe "is", "id:", "-", and a handle: "venmo: jd-22", "my paypal is anna_b". */
const NAME_HANDLE = new RegExp(
  `${WORD_START}(?<name>${NAMES})${WORD_END}(?<link>(?:${INTRODUCER})+\\s*|\\s+)(?<handle>${HANDLE_WORD})`,
  'dgiu',
)
/** "find me on signal", "add us on line", "let's move to instagram", "pay me via revolut". */
const INVITATION = new RegExp(
  `${WORD_START}(?:${anyOf(INVITATION_VERBS)})(?:\\s+(?:me|us|you|up|with\\s+me|with\\s+you|to\\s+me|for\\s+me))*` +
    `\\s+(?:on|at|via|through|over|in|using|by|to|onto)\\s+(?:(?:my|our)\\s+)?(?<name>${NAMES})${WORD_END}` +
    `(?:(?<link>(?:${INTRODUCER})+\\s*|\\s+)(?<handle>${HANDLE_WORD}))?`,
  'dgiu',
)
/** "find annabags on instagram", "I'm anna_b on signal": the handle before the service's name. */
const HANDLE_BEFORE = new RegExp(
  `${WORD_START}(?:find|add|follow|i['’]?m|i\\s+am|we['’]?re|we\\s+are)\\s+(?<handle>${HANDLE_WORD})\\s+(?:on|at|in)\\s+(?<name>${NAMES})${WORD_END}`,
  'dgiu',
)
const NOT_HANDLES = new Set(NOT_A_HANDLE)

/** Whether a word after a service's name is someone's account there. */
function isHandle(word: string, link: string, name: string, invited: boolean): boolean {
  const bare = word.replace(/^[@$+]/, '').toLowerCase()
  if (bare.length < 2 || NOT_HANDLES.has(bare) || SERVICE_NAME.test(bare)) return false
  if (/^[@$]/.test(word)) return true
  const looksLikeHandle = /[\d_.]/.test(bare)
  if (link.trim() === '') return looksLikeHandle ? !EVERYDAY_NAME.test(name) || invited : invited
  return invited || !EVERYDAY_NAME.test(name) || STRONG_LINK.test(link)
}

function accountSpans(view: View): Span[] {
  const t = view.text
  const spans: Span[] = []
  const add = (s: number, e: number) => spans.push(inOriginal(view, s, e))
  for (const re of [HANDLE, CASHTAG, IBAN, SORT_CODE, ALWAYS_HIDDEN, NAME_ME]) {
    for (const m of t.matchAll(re)) add(m.index, m.index + m[0].length)
  }
  for (const m of t.matchAll(NAME_HANDLE)) {
    const { name, link, handle } = m.groups!
    const at = m.indices!.groups!
    // "insta: @ anna_b": the @ goes with the handle
    const spacedAt = /@\s*$/.exec(link!)
    if (isHandle(handle!, link!, name!, false))
      add(spacedAt ? at.link![0] + spacedAt.index : at.handle![0], at.handle![1])
  }
  for (const m of t.matchAll(HANDLE_BEFORE)) {
    const { name, handle } = m.groups!
    const at = m.indices!.groups!
    if (isHandle(handle!, ':', name!, true)) add(at.handle![0], at.name![1])
  }
  for (const m of t.matchAll(INVITATION)) {
    const { name, link, handle } = m.groups!
    const at = m.indices!.groups!
    const end = handle && isHandle(handle, link!, name!, true) ? at.handle![1] : at.name![1]
    add(at.name![0], end)
  }
  return spans
}

// ———————————————————————————— numbers ————————————————————————————

const DIGIT_WORD = new RegExp(`${WORD_START}(?:${Object.keys(DIGIT_WORDS).join('|')})${WORD_END}`, 'giu')
/** "double seven", "triple 0". */
const REPEATED_DIGIT = new RegExp(
  `${WORD_START}(?<times>double|triple)\\s+(?<digit>${Object.keys(DIGIT_WORDS).join('|')}|\\d)${WORD_END}`,
  'giu',
)
/** "O77OO 9OO123": a word of digits and the letters O, I and l that look like them. */
const LOOKALIKE_DIGITS = /(?<![\p{L}\p{N}])(?=[OoIl]*\d)[\dOoIl]{3,}(?![\p{L}\p{N}])/gu

/** "0x7x7x0x0x9x0x0x1x2x3", "0 a 7 a 7 a 0…": seven digits or more with the same letter between each. */
const LETTER_SPACED_DIGITS = /(?<![\p{L}\p{N}])\d(?<sep>\s*\p{L}\s*)\d(?:\k<sep>\d){5,}(?![\p{L}\p{N}])/gu

/** The digit view: spelled digits and look-alike letters as digits. */
function digitView(folded: View): View {
  let v = rewrite(folded, REPEATED_DIGIT, (m) => {
    const { times, digit } = m.groups!
    return (DIGIT_WORDS[digit!.toLowerCase()] ?? digit!).repeat(times!.toLowerCase() === 'double' ? 2 : 3)
  })
  v = rewrite(v, DIGIT_WORD, (m) => DIGIT_WORDS[m[0].toLowerCase()])
  v = rewrite(v, LOOKALIKE_DIGITS, (m) =>
    /[OoIl]/.test(m[0]) ? m[0].replace(/[Oo]/g, '0').replace(/[Il]/g, '1') : undefined,
  )
  return rewrite(v, LETTER_SPACED_DIGITS, (m) => m[0].replace(/\D/g, ''))
}

/** Digits with anything but letters between them: "0,7,7", "07.70.0900", "+44 (0) 7700-900 123". */
const RUN = /\+?\d+(?:[^\p{L}\p{N}]+\d+)*/gu
/** What may stand between two runs of one number: "07700900 ext 123", "0770 then 0900 then 123". */
const JOINED = new RegExp(`^[^\\p{L}\\p{N}]*(?:${anyOf(NUMBER_JOINERS)})[^\\p{L}\\p{N}]*$`, 'iu')
/** Seven digits make a local phone number (555-0123); fewer stay, whatever they are. */
const MIN_DIGITS = 7
/**
 * Prices, dates and times side by side with this many digits in all are weighed by libphonenumber ("$770,090 $1,230"
 * is a British mobile number without its 0); fewer are not (two prices make seven digits: "$100-$1,200").
 */
const SIDE_BY_SIDE_DIGITS = 9
/** A date, time or price written right beside this many more digits is no longer taken for one. */
const BESIDE_DIGITS = 3
/** At most this many different numbers per message are weighed by libphonenumber; any further ones are hidden. */
const MAX_PHONE_LOOKUPS = 8

const CURRENCY_BEFORE = new RegExp(`(?:\\p{Sc}|${WORD_START}(?:${anyOf(CURRENCY_WORDS)}))\\s?$`, 'iu')
/** "300 €", "1,250 USD"; not the symbol of the next amount ("3 $1,250"). */
const CURRENCY_AFTER = new RegExp(`^\\s?(?:\\p{Sc}(?!\\s?\\d)|(?:${anyOf(CURRENCY_WORDS)})${WORD_END})`, 'iu')
const UNIT_AFTER = new RegExp(
  `^\\s?(?:${UNITS.map((u) => (/^\p{L}/u.test(u) ? `${escapeRegExp(u)}${WORD_END}` : escapeRegExp(u))).join('|')})`,
  'iu',
)
const CODE_BEFORE = new RegExp(
  `${WORD_START}(?:${anyOf(CODE_WORDS)})(?:\\s*(?:no\\.?|nr\\.?|number|#|code|card|sticker)${WORD_END})*\\s*[:#.]?\\s*\\p{L}{0,3}$`,
  'iu',
)
const AMOUNT = /^(?:0|[1-9]\d{0,2}(?<group>[,.'’])\d{3}(?:\k<group>\d{3})*|[1-9]\d{0,5})(?:[.,]\d{1,2})?$/
/** A measurement: "11.5", "120", "0.8" (never a leading zero: "0770 cm" is not one). */
const MEASURE = /^(?:[1-9]\d{0,3}|0(?=[.,]))(?:[.,]\d{1,2})?$/
/** Width × height (× depth) of up to three digits each: nine digits at most, fewer than a phone number. */
const SIDE = '(?:[1-9]\\d{0,2}|0(?=[.,]))(?:[.,]\\d{1,2})?'
const SIDE_ONLY = new RegExp(`^${SIDE}$`)
const DIMENSIONS = new RegExp(`^${SIDE}(?:[×*]${SIDE}){1,2}$`)

const isYear = (y: string) => y.length === 2 || (Number(y) >= 1900 && Number(y) <= 2099)
const isDayMonth = (d: number, m: number) => d >= 1 && d <= 31 && m >= 1 && m <= 12

function isDate(s: string): boolean {
  const ymd = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/.exec(s)
  if (ymd) return isYear(ymd[1]!) && isDayMonth(Number(ymd[4]), Number(ymd[3]))
  const dmy = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/.exec(s)
  if (dmy) {
    const [a, b] = [Number(dmy[1]), Number(dmy[3])]
    return isYear(dmy[4]!) && (isDayMonth(a, b) || isDayMonth(b, a))
  }
  const my = /^(\d{1,2})[-/.](\d{4})$/.exec(s)
  return my !== null && Number(my[1]) >= 1 && Number(my[1]) <= 12 && isYear(my[2]!)
}

function isTime(s: string, after: string): boolean {
  if (/^(?:[01]?\d|2[0-4])[:h][0-5]\d(?::[0-5]\d)?$/.test(s)) return true
  return /^(?:[01]?\d|2[0-4])\.[0-5]\d$/.test(s) && /^\s?(?:am|pm|a\.m|p\.m|h|uhr)(?![\p{L}])/iu.test(after)
}

function isPrice(s: string, before: string, after: string): boolean {
  const amount = AMOUNT.exec(s)
  if (!amount) return false
  const whole = s.replace(/[.,]\d{1,2}$/, '').replace(/\D/g, '')
  return whole.length <= 6 && (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after))
}

/** One side of a range ("10:30-11:45", "$100-$200", "2015-2019"), or the whole chunk. */
function isExempt(s: string, before: string, after: string): boolean {
  if (isDate(s) || isTime(s, after) || isPrice(s, before, after)) return true
  if ((MEASURE.test(s) || DIMENSIONS.test(s)) && UNIT_AFTER.test(after)) return true
  return false
}

/** Exempt (a price, date, time, measurement; a range of two), a product code, or plain digits. */
type Kind = 'exempt' | 'range' | 'code' | 'plain'
const isExemptKind = (kind: Kind) => kind === 'exempt' || kind === 'range'

interface Chunk {
  start: number
  end: number
  kind: Kind
  /** The separator before it (within the run), or '' for the first. */
  sepBefore: string
}

function classify(text: string, chunk: { start: number; end: number }, before: string, after: string): Kind {
  const s = text.slice(chunk.start, chunk.end)
  if (isExempt(s, before, after)) return 'exempt'
  const range = /^(.+?)\s*[-–—~]\s*(\p{Sc}?)(.+)$/u.exec(s)
  if (range && isExempt(range[1]!, before, '') && isExempt(range[3]!, range[2]!, after)) return 'range'
  if (/^(?:19|20)\d\d[-–—/](?:(?:19|20)\d\d|\d\d)$/.test(s)) return 'exempt' // 2015-2019
  if (/^[\d-]+$/.test(s) && s.replace(/\D/g, '').length <= 8 && CODE_BEFORE.test(before)) return 'code'
  return 'plain'
}

/** "36, 37, 38, 39", "photos 1, 2, 3, 4, 5, 6, 7": counting up by one, a list and not a number. */
function isCountingList(groups: string[], seps: string[]): boolean {
  if (groups.length < 3 || !seps.every((s) => /^\s*[,;/&+]?\s*$/.test(s))) return false
  return groups.every((g, i) => /^[1-9]\d{0,2}$/.test(g) && (i === 0 || Number(g) === Number(groups[i - 1]) + 1))
}

interface Segment {
  start: number
  end: number
  digits: string
  /**
   * Weighed by libphonenumber, not by its number of digits: one code after "serial", "model"…, or dates, times and
   * prices side by side ("10:30 - 11:45" stays, "$770,090 $1,230" is a British mobile number without its 0).
   */
  weighOnly: boolean
  /** Where its run starts and ends, to join it with the next run across "then", "ext"… */
  atRunStart: boolean
  atRunEnd: boolean
  run: number
  /** Where its first chunk ends and its last one starts: "38, 0770 then 0900 then 123" is a phone from "0770". */
  firstChunkEnd: number
  lastChunkStart: number
}

/** The parts of each run that are not exempt. */
function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = []
  let runIndex = 0
  for (const run of text.matchAll(RUN)) {
    const runStart = run.index
    const runEnd = run.index + run[0].length
    const after = text.slice(runEnd, runEnd + 24)
    // digit groups and what separates them
    const groups: { start: number; end: number }[] = []
    for (const g of run[0].matchAll(/\d+/g))
      groups.push({ start: runStart + g.index, end: runStart + g.index + g[0].length })
    const seps = groups.slice(1).map((g, i) => text.slice(groups[i]!.end, g.start))
    const listed = isCountingList(
      groups.map((g) => text.slice(g.start, g.end)),
      seps,
    )
    // chunks: groups joined by separators without spaces ("12/03/2024", "1,250.00", "0,7,7,0")
    const chunks: Chunk[] = []
    for (const [i, g] of groups.entries()) {
      const sep = i === 0 ? '' : seps[i - 1]!
      const last = chunks.at(-1)
      if (last && !/\s/.test(sep)) last.end = g.end
      else chunks.push({ start: i === 0 ? runStart : g.start, end: g.end, kind: 'plain', sepBefore: sep })
    }
    const dimensions =
      chunks.length > 1 &&
      chunks.length <= 3 &&
      chunks.slice(1).every((c) => /^\s*[×*]\s*$/.test(c.sepBefore)) &&
      chunks.every((c) => SIDE_ONLY.test(text.slice(c.start, c.end))) &&
      UNIT_AFTER.test(after)
    for (const c of chunks) {
      c.kind =
        listed || dimensions
          ? 'exempt'
          : classify(text, c, text.slice(Math.max(0, c.start - 48), c.start), text.slice(c.end, c.end + 24))
    }
    // an exemption holds for a number on its own: "$200 555 0123" and "07/12/19 900123" are not a price and a date
    const digitsOf = (from: number, to: number) => text.slice(from, to).replace(/\D/g, '').length
    const besideDigits = (i: number, step: -1 | 1) => {
      let n = 0
      for (let k = i + step; k >= 0 && k < chunks.length && !isExemptKind(chunks[k]!.kind); k += step) {
        if (/\n/.test(step === 1 ? chunks[k]!.sepBefore : chunks[k + 1]!.sepBefore)) break
        n += digitsOf(chunks[k]!.start, chunks[k]!.end)
      }
      return n
    }
    const voided = chunks.map(
      (c, i) => isExemptKind(c.kind) && (besideDigits(i, -1) >= BESIDE_DIGITS || besideDigits(i, 1) >= BESIDE_DIGITS),
    )
    for (const [i, c] of chunks.entries()) if (voided[i]) c.kind = 'plain'
    // what is left: runs of chunks between the exempt ones
    let open: Chunk[] = []
    const close = () => {
      if (open.length === 0) return
      const start = open[0]!.start
      const end = open.at(-1)!.end
      segments.push({
        start,
        end,
        digits: (text[start] === '+' ? '+' : '') + text.slice(start, end).replace(/\D/g, ''),
        weighOnly: open.length === 1 && open[0]!.kind === 'code',
        atRunStart: start === runStart,
        atRunEnd: end === runEnd,
        run: runIndex,
        firstChunkEnd: open[0]!.end,
        lastChunkStart: open.at(-1)!.start,
      })
      open = []
    }
    for (const c of chunks) {
      if (isExemptKind(c.kind)) close()
      else open.push(c)
    }
    close()
    // prices, dates and times side by side: their digits without the cents ("$120.00-$150.00" stays)
    const sideBySide = chunks.length > 1 || chunks[0]!.kind === 'range'
    if (!listed && !dimensions && sideBySide && chunks.every((c) => isExemptKind(c.kind))) {
      const digits = text
        .slice(runStart, runEnd)
        .replace(/[.,]\d{1,2}(?!\d)/g, '')
        .replace(/\D/g, '')
      if (digits.length >= SIDE_BY_SIDE_DIGITS) {
        const at = { start: runStart, end: runEnd, atRunStart: false, atRunEnd: false, run: runIndex }
        segments.push({ ...at, digits, weighOnly: true, firstChunkEnd: runEnd, lastChunkStart: runStart })
      }
    }
    runIndex++
  }
  return segments
}

/**
 * Which of these digit strings libphonenumber reads as a possible phone number of one of the countries: one
 * findNumbers call per country over all of them, each on a line of its own (";" ends a number for it).
 */
function possiblePhones(candidates: readonly string[], countries: readonly CountryCode[]): Set<string> {
  const found = new Set<string>()
  if (candidates.length === 0) return found
  const starts: number[] = []
  let text = ''
  for (const c of candidates) {
    starts.push(text.length)
    text += `${c}\n;\n`
  }
  for (const defaultCountry of countries) {
    // leniency is an option of findNumbers that its types leave out; POSSIBLE keeps reserved ranges (07700 900xxx)
    const options = { defaultCountry, leniency: 'POSSIBLE', v2: true as const }
    for (const n of findNumbers(text, options)) {
      let i = starts.length - 1
      while (i > 0 && starts[i]! > n.startsAt) i--
      found.add(candidates[i]!)
    }
  }
  return found
}

function numberSpans(view: View, countries: readonly CountryCode[]): Span[] {
  const t = view.text
  const segments = segmentsOf(t)
  const hidden: Span[] = []
  let weigh: { span: Span; digits: string }[] = []
  /** The span of a hidden number, with any letters glued to it ("tel07700900123"). */
  const hide = (s: number, e: number) => {
    while (s > 0 && /[\p{L}\p{N}+(]/u.test(t[s - 1]!)) s--
    while (e < t.length && /[\p{L}\p{N}\p{M}]/u.test(t[e]!)) e++
    if (t[e] === ')' && t.slice(s, e).split('(').length > t.slice(s, e).split(')').length) e++
    hidden.push([s, e])
  }
  /** The digits of a span for libphonenumber, which reads "ext" itself ("07700 900123 ext. 45" has an extension). */
  const digitsIn = (s: number, e: number) => {
    const parts = t
      .slice(s, e)
      .split(/ext/i)
      .map((part) => part.replace(/\D/g, ''))
      .filter(Boolean)
    return (t[s] === '+' ? '+' : '') + parts.join(' ext ')
  }
  const isHidden = (seg: Segment) => !seg.weighOnly && seg.digits.replace('+', '').length >= MIN_DIGITS
  for (const seg of segments) {
    if (seg.weighOnly) weigh.push({ span: [seg.start, seg.end], digits: seg.digits })
    else if (isHidden(seg)) hide(seg.start, seg.end)
  }
  // one number split by words: "07.70.0900 then 123", "serial 07700900 ext 123", "0770 and 0900 and 123"
  for (let i = 0; i < segments.length; ) {
    let j = i
    while (
      j + 1 < segments.length &&
      segments[j]!.atRunEnd &&
      segments[j + 1]!.atRunStart &&
      segments[j + 1]!.run === segments[j]!.run + 1 &&
      JOINED.test(t.slice(segments[j]!.end, segments[j + 1]!.start))
    ) {
      // what follows a hidden number after "then" or "ext" is the rest of it (not after a mere "and")
      const joiner = t.slice(segments[j]!.end, segments[j + 1]!.start)
      if (isHidden(segments[j]!) && !/^\W*and\W*$/i.test(joiner)) hide(segments[j]!.start, segments[j + 1]!.end)
      j++
    }
    const chain = segments.slice(i, j + 1)
    const chainDigits = chain.reduce((n, seg) => n + seg.digits.replace('+', '').length, 0)
    const counting = chain.every((seg, k) => k === 0 || Number(seg.digits) === Number(chain[k - 1]!.digits) + 1)
    if (chain.length >= 4 && chainDigits >= MIN_DIGITS && !counting) {
      // four numbers or more strung together by "then", "and"…: "0 then 7 then 7 then 0…" is spelled out to hide
      hide(segments[i]!.start, segments[j]!.end)
    } else if (j > i) {
      const whole: Span = [segments[i]!.start, segments[j]!.end]
      const trimmed: Span = [segments[i]!.lastChunkStart, segments[j]!.firstChunkEnd]
      for (const span of trimmed[0] === whole[0] && trimmed[1] === whole[1] ? [whole] : [whole, trimmed]) {
        const digits = digitsIn(span[0], span[1])
        if (digits.replace(/\D/g, '').length >= MIN_DIGITS) weigh.push({ span, digits })
      }
    }
    i = j + 1
  }
  // what is hidden already needs no weighing
  const merged = merge(hidden)
  weigh = weigh.filter(({ span: [s, e] }) => !merged.some(([hs, he]) => hs <= s && he >= e))
  const distinct = [...new Set(weigh.map((w) => w.digits))]
  const phones = possiblePhones(distinct.slice(0, MAX_PHONE_LOOKUPS), countries)
  for (const w of weigh) {
    if (phones.has(w.digits) || distinct.indexOf(w.digits) >= MAX_PHONE_LOOKUPS) hide(w.span[0], w.span[1])
  }
  return hidden.map(([s, e]) => inOriginal(view, s, e))
}

// ———————————————————————————— putting it together ————————————————————————————

const TRAILING = new RegExp(
  `^(?:\\p{M}|${INVISIBLE.map(([a, b]) => `[\\u{${a.toString(16)}}-\\u{${b.toString(16)}}]`).join('|')})`,
  'u',
)

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

/** Replaces the contact details in a message by [hidden]; everything else is kept exactly as written. */
export function maskContactDetails(original: string, options: MaskOptions = {}): MaskResult {
  const countries = options.countries ?? DEFAULT_SHOP_COUNTRIES
  const folded = fold(original)
  const links = linkView(folded)
  const spans = [...linkSpans(links), ...accountSpans(links), ...numberSpans(digitView(folded), countries)]
  if (spans.length === 0) return { text: original, masked: false }

  // a run of spans separated only by spaces and punctuation is one [hidden]
  let out = ''
  let at = 0
  for (const [s, end] of merge(spans)) {
    // with the marks and invisible characters after its last character ("3️⃣")
    let e = end
    while (e < original.length && TRAILING.test(original.slice(e, e + 2)))
      e += original.codePointAt(e)! > 0xffff ? 2 : 1
    const between = original.slice(at, s)
    // "whatsapp me +44 7700 900123" and "john@x.com / 07700 900124" read as one [hidden]
    const joined = out.endsWith(HIDDEN) && /^[ \t,;:/|&+-]*$/.test(between)
    if (!joined) out += between + HIDDEN
    at = e
  }
  out += original.slice(at)
  return { text: out, masked: true }
}
