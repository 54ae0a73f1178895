import { createElement as h } from 'react'
import { FollowUpDialog } from '../../web/src/features/placements/follow-up-dialog'
import type { PlacementRow } from '../../web/src/features/placements/outside-form'
import { type Caller, call, type TestContext } from '../support/app.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * HR's "Pemantauan" dialog of `placementId`, opened on the row HR's placement list answers, signed in as HR;
 * answers how many times it was closed so far.
 */
export async function hrFollowUpDialog(
  t: TestContext,
  hrd: Caller & { token: string },
  placementId: number,
): Promise<{ closed: () => number }> {
  const list = await call(t, 'GET', '/api/hrd/job-placements', { as: hrd })
  const row = (list.body.data as PlacementRow[]).find((p) => p.id === placementId) as PlacementRow
  let closed = 0
  signedInTo(t, hrd.token)
  renderScreen(
    h(FollowUpDialog, {
      who: 'hrd',
      row,
      onClose: () => {
        closed += 1
      },
      onSaved() {},
    }),
    '/hrd/penempatan',
    '/hrd/penempatan',
  )
  return { closed: () => closed }
}
