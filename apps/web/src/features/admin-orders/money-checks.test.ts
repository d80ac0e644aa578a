import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import { describe, expect, it } from 'vitest'
import { checkRefund, disputedAt, oldestDisputesFirst } from './money-checks'

const t = moneyPagesMessages.amount
const reasonRequired = 'Reason is required'
const full = { max: 120.5, amountRequired: false, reasonRequired }
const partial = { max: 120.5, amountRequired: true, reasonRequired }

describe('checkRefund', () => {
  it('refunds in full (no amount) with a reason when the amount is left empty', () => {
    expect(checkRefund({ amount: '  ', reason: ' Never arrived ' }, full)).toEqual({
      ok: true,
      value: { amount: undefined, reason: 'Never arrived' },
    })
  })

  it('sends a partial amount in dollars', () => {
    expect(checkRefund({ amount: '$40.25', reason: 'Scuffed corner' }, partial)).toEqual({
      ok: true,
      value: { amount: 40.25, reason: 'Scuffed corner' },
    })
    expect(checkRefund({ amount: '120.50', reason: 'All of it' }, partial)).toMatchObject({ ok: true })
  })

  it('requires a reason, also when the amount is fine', () => {
    expect(checkRefund({ amount: '10', reason: '   ' }, full)).toEqual({
      ok: false,
      errors: { reason: reasonRequired },
    })
  })

  it('requires the amount of a partial refund', () => {
    expect(checkRefund({ amount: '', reason: 'x' }, partial)).toEqual({ ok: false, errors: { amount: t.required } })
  })

  it('names what is wrong with the amount, and both errors at once', () => {
    expect(checkRefund({ amount: 'ten', reason: 'x' }, full)).toEqual({ ok: false, errors: { amount: t.invalid } })
    expect(checkRefund({ amount: '0', reason: 'x' }, full)).toEqual({ ok: false, errors: { amount: t.positive } })
    expect(checkRefund({ amount: '1.234', reason: 'x' }, full)).toEqual({ ok: false, errors: { amount: t.decimals } })
    expect(checkRefund({ amount: '120.51', reason: '' }, full)).toEqual({
      ok: false,
      errors: { amount: t.tooHigh('$120.50'), reason: reasonRequired },
    })
  })
})

describe('disputes, oldest first', () => {
  const order = (id: string, createdAt: string, disputed?: string) => ({
    id,
    createdAt,
    timeline: [
      { status: 'paid', at: createdAt },
      ...(disputed
        ? [
            { status: 'shipped', at: createdAt },
            { status: 'disputed', at: disputed },
          ]
        : []),
    ],
  })

  it('dates a dispute from its move into disputed, not from the payment', () => {
    expect(disputedAt(order('a', '2026-11-01T00:00:00Z', '2026-11-20T08:00:00Z'))).toBe('2026-11-20T08:00:00Z')
    expect(disputedAt(order('b', '2026-11-01T00:00:00Z'))).toBe('2026-11-01T00:00:00Z')
  })

  it('puts the longest-open dispute first, whatever the order was paid', () => {
    const list = [
      order('recent', '2026-11-01T00:00:00Z', '2026-11-24T00:00:00Z'),
      order('old', '2026-11-10T00:00:00Z', '2026-11-12T00:00:00Z'),
      order('middle', '2026-10-01T00:00:00Z', '2026-11-18T00:00:00Z'),
    ]
    expect(oldestDisputesFirst(list).map((o) => o.id)).toEqual(['old', 'middle', 'recent'])
    // the list it was given is left as it was
    expect(list.map((o) => o.id)).toEqual(['recent', 'old', 'middle'])
  })
})
