import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/index.js'
import { createMailer, type Mail, type Mailer, SEND_TIMEOUTS } from '../../src/jobs/mailer.js'
import { deliverOutbox } from '../../src/jobs/outbox.js'
import { useTestApp } from '../support/app.js'
import { eventually, startSmtp } from '../support/smtp.js'

/**
 * How e-mails are claimed for sending. A run claimed twenty at once for two minutes and sent them one after the
 * other; an SMTP server slow to answer one (nodemailer waits two minutes for a connection, ten on a silent socket)
 * held the rest past their claim: the next run (every 5 seconds) sent them, and the first run sent them again, so
 * learners got each test invitation twice; and every lapse counted a try of e-mails never handed to the server, so
 * an outage gave them up after minutes instead of the hours docs/operations.md promises. Now an e-mail is claimed
 * right before its send, for longer than a send can take.
 */
// No SMTP_URL: the app runs no worker of its own; the runs below are the only ones.
const t = useTestApp()

describe('outbox e-mails behind a slow one', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  beforeAll(async () => {
    smtp = await startSmtp()
  })
  afterAll(async () => {
    await smtp?.close()
  })

  it('are sent by the next run while the slow one waits on the server, each once, each tried once', async () => {
    const rows = await t.db
      .insert(emailOutbox)
      .values(
        ['ani', 'budi', 'citra'].map((name, i) => ({
          to: `${name}@siswa.test`,
          subject: '[BKK] Jadwal Psikotes: Psikotes Tahap 1',
          text: `Yth. ${name}`,
          createdAt: new Date(Date.now() - 3_000 + i * 1_000),
        })),
      )
      .returning({ id: emailOutbox.id })
    const ids = rows.map((r) => r.id)
    const real = createMailer({ url: smtp.url, from: 'BKK <bkk@smk.test>' }) as Mailer
    // Ani's e-mail, the oldest, hangs on the server until released.
    let release!: () => void
    const slow = new Promise<void>((r) => {
      release = r
    })
    let hanging!: () => void
    const firstHangs = new Promise<void>((r) => {
      hanging = r
    })
    const mailer: Mailer = {
      async send(mail: Mail) {
        if (mail.to === 'ani@siswa.test') {
          hanging()
          await slow
        }
        await real.send(mail)
      },
      close: () => real.close(),
    }

    const first = deliverOutbox(t.db, mailer)
    await firstHangs
    // Ani's claim outlasts any send the mailer allows.
    const [ani] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, ids[0]))
    const [{ now }] = await t.db.select({ now: sql<string>`now()` }).from(sql`(select 1) as one`)
    const sendAtMost = Object.values(SEND_TIMEOUTS).reduce((a, b) => a + b, 0)
    expect((ani.claimedUntil as Date).getTime() - new Date(now).getTime()).toBeGreaterThan(sendAtMost)

    // The next run sends Budi's and Citra's meanwhile, and leaves Ani's to the run sending it.
    expect(await deliverOutbox(t.db, mailer)).toEqual({ sent: 2, gaveUp: 0, expired: 0 })
    release()
    expect(await first).toEqual({ sent: 1, gaveUp: 0, expired: 0 })
    real.close()

    const perAddress: Record<string, number> = {}
    for (const m of smtp.received) perAddress[m.to[0]] = (perAddress[m.to[0]] ?? 0) + 1
    expect(perAddress).toEqual({ 'ani@siswa.test': 1, 'budi@siswa.test': 1, 'citra@siswa.test': 1 })
    const stored = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids))
    expect(stored.map((r) => [r.to, r.attempts, r.sentAt !== null])).toEqual(
      expect.arrayContaining([
        ['ani@siswa.test', 1, true],
        ['budi@siswa.test', 1, true],
        ['citra@siswa.test', 1, true],
      ]),
    )
  })

  it('waiting behind a server that never answers, are not counted as tried', async () => {
    const rows = await t.db
      .insert(emailOutbox)
      .values(
        ['dodi', 'eka'].map((name, i) => ({
          to: `${name}@siswa.test`,
          subject: 'Undangan',
          text: `Yth. ${name}`,
          createdAt: new Date(Date.now() - 2_000 + i * 1_000),
        })),
      )
      .returning({ id: emailOutbox.id })
    let release!: () => void
    let hanging!: () => void
    const firstHangs = new Promise<void>((r) => {
      hanging = r
    })
    const mailer: Mailer = {
      async send() {
        hanging()
        await new Promise<void>((r) => {
          release = r
        })
        throw new Error('Connection timeout')
      },
      close() {},
    }
    const run = deliverOutbox(t.db, mailer, { retrySeconds: 60 })
    await firstHangs
    const [dodi, eka] = await t.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [rows[0].id, rows[1].id]))
      .orderBy(emailOutbox.id)
    expect([dodi.attempts, eka.attempts]).toEqual([1, 0])
    expect(eka.claimedUntil).toBeNull()
    release()
    // Eka's turn in the same run: it hangs too, then fails.
    await eventually(async () => {
      const [r] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, rows[1].id))
      return r.attempts === 1
    })
    release()
    expect(await run).toEqual({ sent: 0, gaveUp: 0, expired: 0 })
  })
})
