import { describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import { CURSOR_FROM, CURSOR_UNTIL, decodeCursor, encodeCursor, MAX_CURSOR_LENGTH } from './paging.ts'

const ID = '3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b'
const b64 = (text: string) => Buffer.from(text).toString('base64url')

function refused(cursor: string, ids: 'uuid' | 'text' = 'uuid') {
  try {
    decodeCursor(cursor, ids)
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).statusCode).toBe(400)
    expect((err as AppError).message).toBe('cursor is not a valid paging cursor')
    return
  }
  throw new Error(`accepted ${Buffer.from(cursor, 'base64url').toString()}`)
}

describe('decodeCursor (decision 031)', () => {
  it('reads back what encodeCursor wrote, at both ends of the range', () => {
    for (const at of [CURSOR_FROM, Date.UTC(2026, 1, 28, 23, 59, 59, 999), CURSOR_UNTIL - 1]) {
      const row = { createdAt: new Date(at), id: ID }
      expect(decodeCursor(encodeCursor(row))).toEqual(row)
    }
    const user = { createdAt: new Date(Date.UTC(2026, 0, 1)), id: 'Zx8kQ2mVb4pR7tY1wE3nL6sD9fH0jG5a' }
    expect(decodeCursor(encodeCursor(user), 'text')).toEqual(user)
    expect(encodeCursor({ createdAt: new Date(CURSOR_UNTIL - 1), id: 'a'.repeat(64) }).length).toBe(MAX_CURSOR_LENGTH)
  })

  it('refuses instants outside 2000–2100, instants that do not exist, and other spellings', () => {
    for (const iso of [
      '+275760-09-13T00:00:00.000Z',
      '1999-12-31T23:59:59.999Z',
      '2101-01-01T00:00:00.000Z',
      '2026-02-29T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00.000+00:00',
      '2026-01-01 00:00:00.000Z',
    ]) {
      refused(b64(`${iso}|${ID}`))
    }
  })

  it('refuses ids of another form: upper-case or malformed uuids, and text ids where a uuid is kept', () => {
    const at = '2026-01-01T00:00:00.000Z'
    refused(b64(`${at}|${ID.toUpperCase()}`))
    refused(b64(`${at}|${ID.slice(1)}`))
    refused(b64(`${at}|Zx8kQ2mVb4pR7tY1wE3nL6sD9fH0jG5a`))
    refused(b64(`${at}|${'a'.repeat(65)}`), 'text')
    refused(b64(`${at}|a b`), 'text')
    refused(b64(`${at}|${ID}|${ID}`))
  })

  it('refuses non-canonical base64url and anything longer than a cursor can be', () => {
    const good = encodeCursor({ createdAt: new Date(Date.UTC(2026, 0, 1)), id: ID })
    refused(`${good}=`)
    refused(`${good}A`)
    refused(good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
    refused(`a${'A'.repeat(MAX_CURSOR_LENGTH)}`)
    refused('')
  })
})
