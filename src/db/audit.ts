import type { Actor } from '../actor.js'
import type { Conn } from './client.js'
import { auditLog } from './schema/index.js'

/** Records an administrative change; call it inside the change's transaction. */
export async function audit(
  tx: Conn,
  actor: Pick<Actor, 'id'> | null,
  action: string,
  entity: string,
  entityId: number | null,
  data?: Record<string, unknown>,
) {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    action,
    entity,
    entityId,
    data: data ? JSON.stringify(data) : null,
  })
}
