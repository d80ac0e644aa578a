import type { Block } from '@preloved/shared/conversations'
import { messages } from '@preloved/shared/messages'
import { and, desc, eq, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { blocks, users } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'

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

const m = messages.conversations

/** The member to block or unblock: an existing account that is not the caller (404, then 400). */
async function memberToBlock(db: DbOrTx, blockerId: string, userId: string) {
  const [user] =
    userId.length <= 64
      ? await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      : []
  if (!user) throw new AppError(404, m.userNotFound)
  if (user.id === blockerId) throw new AppError(400, m.blockSelf)
  return user
}

/** POST /api/blocks/{userId}: idempotent; answers the block as GET /api/blocks lists it. */
export async function blockUser(db: DbOrTx, blockerId: string, userId: string, now: Date): Promise<Block> {
  const user = await memberToBlock(db, blockerId, userId)
  await db
    .insert(blocks)
    .values({ blockerId, blockedId: user.id, createdAt: now })
    .onConflictDoNothing({ target: [blocks.blockerId, blocks.blockedId] })
  const [row] = await db
    .select({ createdAt: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, user.id)))
  return { _id: user.id, name: user.name, createdAt: (row?.createdAt ?? now).toISOString() }
}

/** DELETE /api/blocks/{userId}: idempotent; answers how many blocks were lifted (0 or 1). */
export async function unblockUser(db: DbOrTx, blockerId: string, userId: string): Promise<number> {
  const user = await memberToBlock(db, blockerId, userId)
  const gone = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, user.id)))
    .returning({ id: blocks.blockedId })
  return gone.length
}

/** GET /api/blocks: the members the caller blocked, newest first. */
export async function listBlocks(db: DbOrTx, blockerId: string): Promise<Block[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt))
    .limit(500)
  return rows.map((r) => ({ _id: r.id, name: r.name, createdAt: r.createdAt.toISOString() }))
}
