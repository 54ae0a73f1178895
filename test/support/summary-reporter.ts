import { DefaultReporter } from 'vitest/reporters'

interface Task {
  type: string
  mode?: string
  tasks?: Task[]
  result?: { state?: string }
}

/** Vitest's default output, then the plain closing line CI reads: `N passed, N failed, N skipped`. */
export default class SummaryReporter extends DefaultReporter {
  override onFinished(files: any[] = [], errors: unknown[] = []) {
    super.onFinished(files, errors)
    const count = { passed: 0, failed: 0, skipped: 0 }
    const walk = (task: Task) => {
      if (task.type === 'test') {
        if (task.result?.state === 'pass') count.passed++
        else if (task.result?.state === 'fail') count.failed++
        else count.skipped++
      }
      for (const child of task.tasks ?? []) walk(child)
    }
    for (const file of files as Task[]) {
      const before = count.passed + count.failed + count.skipped
      walk(file)
      // A file that failed before running any test (import error, failing hook) counts once.
      if (count.passed + count.failed + count.skipped === before && file.result?.state === 'fail')
        count.failed++
    }
    count.failed += errors.length
    this.ctx.logger.log(`\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`)
  }
}
