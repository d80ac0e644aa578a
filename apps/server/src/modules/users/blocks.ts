import { and, eq, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { blocks } from '../../db/schema/index.ts'

/**
 * Whether either of two users blocked the other (issue 17): no messages or offers between them, either way. The
 * blocked party is not told why (callers answer with a neutral message).
 */
export async function isBlockedBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1)
  return rows.length > 0
}
