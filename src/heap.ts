import { setFlagsFromString } from 'node:v8'

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it collects
 * again: at most twice (V8's own cap for memory-constrained devices), where its default lets a fast-allocating
 * server grow up to four times. Under 50 connections the service's heap stood at 220 MB for about 75 MB
 * alive; with the cap it stays near 105 MB, for no measurable CPU (docs/performance.md, "The heap's growth").
 *
 * Imported first by main.ts, so it is set before the service allocates; V8 reads it each time it sets the next
 * collection's limit. It replaces the factor of every mode, also the 1.1–1.3 V8 takes when memory runs short;
 * the heap's maximum still bounds the limit there.
 * A `--heap-growing-percent` given to node on the command line wins (V8 also reads it with underscores).
 */
if (!process.execArgv.some((arg) => arg.replaceAll('_', '-').startsWith('--heap-growing-percent'))) {
  setFlagsFromString('--heap-growing-percent=100')
}
