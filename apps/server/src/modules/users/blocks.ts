import type { Block } from '@preloved/shared/conversations'
import { messages } from '@preloved/shared/messages'
import { and, desc, eq, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { blocks, users } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { publicName } from '../../lib/public-name.ts'
import { type NameViewer, namesAsSeenBy } from './names.ts'

/**
 * Whether either of two users blocked the other: no messages or offers between them, either way. The
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

/**
 * POST /api/blocks/{userId}: idempotent; answers the block as GET /api/blocks lists it, with the name the blocker
 * already sees (someone known only from a review is "Emma W." there, and here: decision 032).
 */
export async function blockUser(db: DbOrTx, blocker: NameViewer, userId: string, now: Date): Promise<Block> {
  const blockerId = blocker.id
  const user = await memberToBlock(db, blockerId, userId)
  await db
    .insert(blocks)
    .values({ blockerId, blockedId: user.id, createdAt: now })
    .onConflictDoNothing({ target: [blocks.blockerId, blocks.blockedId] })
  const [row] = await db
    .select({ createdAt: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, user.id)))
  const name = (await namesAsSeenBy(db, blocker, [user.id])).get(user.id) ?? publicName(user.name, false)
  return { _id: user.id, name, createdAt: (row?.createdAt ?? now).toISOString() }
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

/** GET /api/blocks: the members the caller blocked, newest first, each by the name the caller already sees. */
export async function listBlocks(db: DbOrTx, blocker: NameViewer): Promise<Block[]> {
  const rows = await db
    .select({ id: blocks.blockedId, createdAt: blocks.createdAt })
    .from(blocks)
    .where(eq(blocks.blockerId, blocker.id))
    .orderBy(desc(blocks.createdAt))
    .limit(500)
  const names = await namesAsSeenBy(
    db,
    blocker,
    rows.map((r) => r.id),
  )
  return rows.flatMap((r) => {
    const name = names.get(r.id)
    return name === undefined ? [] : [{ _id: r.id, name, createdAt: r.createdAt.toISOString() }]
  })
}
