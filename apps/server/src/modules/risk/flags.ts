import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { auditLog, riskFlags } from '../../db/schema/index.ts'
import { afterCursor, type Cursor } from '../../lib/paging.ts'

/**
 * Flags for the admin (docs/decisions/029): what no single request could refuse but a person should look at. A flag
 * is raised once per kind and key, whoever raises it and however often; the admin confirms or dismisses it.
 */
export type FlagKind = (typeof riskFlags.$inferSelect)['kind']
export type FlagStatus = (typeof riskFlags.$inferSelect)['status']

export interface NewFlag {
  kind: FlagKind
  /** What makes two raisings the same flag: an order's id, a bag and a day… */
  key: string
  orderId?: string | null
  productId?: string | null
  userIds: string[]
  reason: string
  detail?: Record<string, unknown>
}

/** Raises a flag unless one of the same kind and key exists; true when this call raised it. */
export async function raiseFlag(db: DbOrTx, flag: NewFlag, at: Date): Promise<boolean> {
  const rows = await db
    .insert(riskFlags)
    .values({
      kind: flag.kind,
      key: flag.key,
      orderId: flag.orderId ?? null,
      productId: flag.productId ?? null,
      userIds: flag.userIds,
      reason: flag.reason,
      detail: flag.detail ?? {},
      createdAt: at,
    })
    .onConflictDoNothing({ target: [riskFlags.kind, riskFlags.key] })
    .returning({ id: riskFlags.id })
  return rows.length > 0
}

export type RiskFlag = typeof riskFlags.$inferSelect

/** Flags newest first, by status, a page at a time (keyset on created_at, id). */
export function listFlags(
  db: DbOrTx,
  q: { status: FlagStatus | 'resolved'; limit: number; after?: Cursor },
): Promise<RiskFlag[]> {
  const status =
    q.status === 'resolved' ? sql`${riskFlags.status} in ('confirmed', 'dismissed')` : eq(riskFlags.status, q.status)
  const after = q.after ? afterCursor(riskFlags.createdAt, riskFlags.id, q.after) : undefined
  return db
    .select()
    .from(riskFlags)
    .where(and(status, after))
    .orderBy(desc(riskFlags.createdAt), desc(riskFlags.id))
    .limit(q.limit)
}

/** Confirms or dismisses an open flag; null when there is no such open flag (already resolved, or none). */
export async function resolveFlag(
  db: Db,
  id: string,
  outcome: 'confirmed' | 'dismissed',
  adminId: string,
  note: string,
  at: Date,
): Promise<RiskFlag | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(riskFlags)
      .set({ status: outcome, resolvedBy: adminId, resolvedAt: at, resolutionNote: note })
      .where(and(eq(riskFlags.id, id), eq(riskFlags.status, 'open')))
      .returning()
    if (!row) return null
    // the decision is on the audit trail, beside the order's money actions
    await tx.insert(auditLog).values({
      actorId: adminId,
      action: outcome === 'confirmed' ? 'flag_confirmed' : 'flag_dismissed',
      orderId: row.orderId,
      reason: note || null,
      detail: { flagId: row.id, kind: row.kind, userIds: row.userIds },
      createdAt: at,
    })
    return row
  })
}
