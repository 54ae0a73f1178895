import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { fileURLToPath } from 'node:url'

/** Where a frame of an ES module is: `file:///…/main.js:12:34`. */
const FRAME = /(file:\/\/[^\s()]+):(\d+):(\d+)/g

/**
 * Stack traces of the bundled service (dist/server/main.js) named by their lines in src/, for the errors the
 * service logs. Node's `--enable-source-maps` does this for every trace, but keeps the decoded source maps
 * from start to stop: about 12 MB of the service's memory (docs/performance.md, "Source maps read when an
 * error is logged"). Here the bundle's own map is read when a logged error has a frame in the bundle (about
 * 70 ms), and let go `keepMs` after the last such error: a burst of errors (the database gone) reads it once.
 *
 * `bundleUrl` is the URL of the bundle this code is part of (`import.meta.url`); run from src/ (tsx, the
 * tests), no trace names it and traces pass unchanged, as they do when Node already rewrote them.
 */
export function stackMapper(bundleUrl: string, keepMs = 60_000): (stack: string) => string {
  let map: SourceMap | null | undefined
  // The decoded map holds about 11 MB of heap for a 0.6 MB file.
  const release = setTimeout(() => {
    map = undefined
  }, keepMs).unref()

  function bundleMap(): SourceMap | null {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(bundleUrl)}.map`, 'utf8')))
      } catch {
        map = null // no map beside the bundle: its own lines are still a readable trace
      }
    }
    release.refresh()
    return map
  }

  return (stack) => {
    if (!stack.includes(bundleUrl)) return stack
    const sourceMap = bundleMap()
    if (!sourceMap) return stack
    return stack.replace(FRAME, (whole, url: string, line: string, column: string) => {
      if (url !== bundleUrl) return whole
      // Stack frames count from 1, source maps from 0.
      const entry = sourceMap.findEntry(Number(line) - 1, Number(column) - 1) as Partial<{
        originalSource: string
        originalLine: number
        originalColumn: number
      }>
      if (entry.originalSource === undefined || entry.originalLine === undefined) return whole
      const source = fileURLToPath(new URL(entry.originalSource, bundleUrl))
      return `${source}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}`
    })
  }
}
