import { describe, expect, it } from 'vitest'
import { messages } from './messages.ts'
import { createReportBodySchema } from './reports.ts'

const firstMessage = (body: unknown) => createReportBodySchema.safeParse(body).error?.issues[0]?.message

describe('createReportBodySchema', () => {
  it("asks the shopper for a reason when none is chosen (the report dialog's first check)", () => {
    expect(firstMessage({ product_id: 'p1' })).toBe(messages.reports.reasonRequired)
    // react-hook-form reads an unchecked radio group as null
    expect(firstMessage({ product_id: 'p1', reason: null })).toBe(messages.reports.reasonRequired)
  })

  it('names the allowed reasons to an API caller who sends a wrong one, and holds the note to 1,000 characters', () => {
    expect(firstMessage({ product_id: 'p1', reason: 'ugly' })).toBe(
      'reason must be one of counterfeit, misleading, prohibited, scam, other',
    )
    expect(firstMessage({ product_id: 'p1', reason: 'scam', note: 'x'.repeat(1001) })).toBe(
      'note must be at most 1,000 characters',
    )
    expect(createReportBodySchema.parse({ product_id: 'p1', reason: 'scam', note: '  fake  ' })).toEqual({
      product_id: 'p1',
      reason: 'scam',
      note: 'fake',
    })
  })
})
