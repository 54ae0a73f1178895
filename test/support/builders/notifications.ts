import { notifications } from '../../../src/db/schema/index.js'
import type { TestContext } from '../app.js'

let seq = 0

/** An in-app notification row of a user. */
export async function aNotification(
  t: TestContext,
  userId: number,
  values: Partial<typeof notifications.$inferInsert> = {},
) {
  const n = ++seq
  const [row] = await t.db
    .insert(notifications)
    .values({ userId, kind: 'test.reminder', title: `Pengingat ${n}`, body: `Isi ${n}`, ...values })
    .returning()
  return row
}
