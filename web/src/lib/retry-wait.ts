import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../api/client'

/** The seconds a refusal asks to wait before trying again (a 429's `Retry-After`), or null. */
export const retryAfterOf = (err: unknown) => (err instanceof ApiError ? err.retryAfter : null)

/**
 * A refusal's message with its "Coba lagi dalam …" told the time left now (`seconds`), or, the wait over, that it
 * may be tried again. The service says the wait as it was when it answered ("30 detik"), which a screen left open
 * kept saying.
 */
export function retryMessage(message: string, seconds: number): string {
  const left = seconds <= 0 ? 'Silakan coba lagi sekarang.' : `${tryAgainIn(seconds)}.`
  const said = /Coba lagi dalam \d+ (detik|menit)\./
  return said.test(message) ? message.replace(said, left) : `${message} ${left}`
}

/** The wait left, as a form's button says it while it is off: "Coba lagi dalam 12 detik", "… dalam 3 menit". */
export const tryAgainIn = (seconds: number) =>
  seconds < 60 ? `Coba lagi dalam ${seconds} detik` : `Coba lagi dalam ${Math.ceil(seconds / 60)} menit`

/** Calls `tick` with the seconds left of `seconds` now and then each second, down to 0; returns the stop. */
export function countDown(seconds: number, tick: (left: number) => void): () => void {
  const until = Date.now() + seconds * 1000
  const step = () => {
    const left = Math.max(0, Math.ceil((until - Date.now()) / 1000))
    tick(left)
    if (left === 0) clearInterval(timer)
  }
  const timer = setInterval(step, 1000)
  return () => clearInterval(timer)
}

/**
 * The seconds left before the request `err` refused may be sent again (its `Retry-After`), counting down each
 * second; 0 when there is no wait (another error, or none). A form keeps its button off meanwhile.
 */
export function useRetryWait(err: unknown): number {
  const seconds = retryAfterOf(err)
  const [left, setLeft] = useState(seconds ?? 0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new refusal with the same wait counts down again
  useEffect(() => {
    setLeft(seconds ?? 0)
    return seconds ? countDown(seconds, setLeft) : undefined
  }, [seconds, err])
  return left
}

/**
 * A form's wait: `hold(err)` with each refusal starts the wait it asks for (its `Retry-After`; none for another
 * error), and `left` is the seconds still to wait, counting down to 0. Set with the refusal itself, so the button
 * goes off in the same render as the form stops being busy, with no moment on in between.
 */
export function useRetryHold() {
  const [left, setLeft] = useState(0)
  const stop = useRef<(() => void) | null>(null)
  useEffect(() => () => stop.current?.(), [])
  const hold = (err: unknown) => {
    stop.current?.()
    stop.current = null
    const seconds = retryAfterOf(err) ?? 0
    setLeft(seconds)
    if (seconds) stop.current = countDown(seconds, setLeft)
  }
  return { left, hold }
}
