import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // One test file per core, not vitest's cores - 1: a file spends much of its time waiting on PostgreSQL
    // and the browser, which run in processes of their own. On 2 cores, embedded: 447 and 519 s against
    // 672 s with one worker (3 workers: 510 s); the machine's PostgreSQL: 499 s against 619 s.
    maxWorkers: availableParallelism(),
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['./test/support/summary-reporter.ts'],
  },
})
