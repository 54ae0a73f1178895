import { afterAll, beforeAll } from 'vitest'
import { createTestApp, type TestContext } from './app.js'

/**
 * Two schools on either side of the date line: Pacific/Kiritimati (UTC+14) and Etc/GMT+12 (UTC-12). At any
 * moment the UTC day differs from the school's day of one of them, so a rule that reads the UTC day (or the
 * server's) instead of the school's shows in one of the two, whatever the hour the test runs.
 */
export const EAST = 'Pacific/Kiritimati'
export const WEST = 'Etc/GMT+12'

/** Today's date in a time zone, by the test's own clock. */
export const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())

/** `const zones = useSchoolsAcrossTheDateLine()`: `zones.east` and `zones.west`, built before the file's tests. */
export function useSchoolsAcrossTheDateLine() {
  const zones = {} as {
    east: TestContext & { close(): Promise<void> }
    west: TestContext & { close(): Promise<void> }
  }
  beforeAll(async () => {
    ;[zones.east, zones.west] = await Promise.all([
      createTestApp({ SCHOOL_TIME_ZONE: EAST }),
      createTestApp({ SCHOOL_TIME_ZONE: WEST }),
    ])
  })
  afterAll(async () => {
    await Promise.all([zones.east?.close(), zones.west?.close()])
  })
  return zones
}
