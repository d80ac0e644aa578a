import { MESSAGE_MAX as shared } from '@preloved/shared/conversations'
import { describe, expect, it } from 'vitest'
import { MESSAGE_MAX } from './limits'

describe('the composer limit', () => {
  it('is the API’s', () => expect(MESSAGE_MAX).toBe(shared))
})
