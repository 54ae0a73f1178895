import { describe, expect, it } from 'vitest'
import { createJobs } from '../../src/jobs/queue.js'
import { useTestApp } from '../support/app.js'

/**
 * The periodic runs (the e-mail sweep every 5 seconds, the others each minute or ten): a run still going when the
 * next was due was joined by a second one (two e-mail runs over one slow SMTP server), and stopping the service
 * did not wait for a run going (an e-mail accepted by the server but not yet marked sent, sent again after its
 * claim). Now a run is not joined, and stop() waits for it (bounded, as the queue's own handlers are).
 */
const t = useTestApp()

describe('a periodic run', () => {
  it('is not joined by the next while it runs, and stop() waits for it to finish', async () => {
    const jobs = createJobs(t.database, t.app.log, { pollingIntervalSeconds: 0.5 })
    let started = 0
    let finished = 0
    let release!: () => void
    const held = new Promise<void>((r) => {
      release = r
    })
    let running!: () => void
    const firstRuns = new Promise<void>((r) => {
      running = r
    })
    jobs.every(0.05, async () => {
      started++
      running()
      await held
      await new Promise((r) => setTimeout(r, 200))
      finished++
    })
    await jobs.start()
    await firstRuns
    // Ten periods go by while the first run is held: none starts beside it.
    await new Promise((r) => setTimeout(r, 500))
    expect(started).toBe(1)

    release()
    const stopping = jobs.stop()
    await stopping
    // Stopped only once the run going had finished.
    expect({ started, finished }).toEqual({ started: 1, finished: 1 })
  })
})
