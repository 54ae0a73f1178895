import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, deactivateAccount } from '../support/builders/accounts.js'
import { aScheduleMadeByHr } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { eventually, useSmtp } from '../support/smtp.js'
import { eventsOf, notificationsOf, storedSchedule } from '../support/stored.js'

/**
 * Staff may switch off, change or delete any company's vacancy, also one its HR is running a selection on
 * (`/api/admin/job-vacancies`). Deleting it closes the applications still open and cancels its tests ahead (the
 * participants are e-mailed the cancellation). The company's HR accounts, who scheduled those tests, are told as
 * they are of staff's approval and refusal: in-app and by e-mail (`vacancy.deleted`, `vacancy.deactivated`),
 * naming the vacancy and the staff member. Before, they were told nothing; and the learners read that the
 * company had closed it ("ditutup oleh perusahaan"), when the school had.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env)

const toldOf = async (userId: number, vacancyId: number) =>
  (await notificationsOf(t, userId)).filter(
    (n) => (n.data as { jobVacancyId?: number }).jobVacancyId === vacancyId,
  )

describe("staff delete a vacancy whose company's HR run its selection", () => {
  it('every active HR account of the company is told, in-app and by e-mail, naming the vacancy and who deleted it', async () => {
    const admin = await anAdmin(t, { fullName: 'Bu Ratna' })
    const { hrd, company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Teknisi Listrik' })
    const colleague = await anHrd(t, { companyId: company.id })
    const gone = await anHrd(t, { companyId: company.id })
    await deactivateAccount(t, gone.id)
    const ani = await aCandidate(t, vacancy.id, { reviewed: true })
    const scheduleId = await aScheduleMadeByHr(t, hrd, vacancy.id, [ani.application.id])

    const removed = await call(t, 'DELETE', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })
    expect(removed.status).toBe(200)
    // What the delete did behind HR's back: the interview is cancelled, the applicant closed and told.
    expect((await storedSchedule(t, scheduleId)).status).toBe('cancelled')

    for (const account of [hrd, colleague]) {
      expect(await toldOf(account.id, vacancy.id), `HR account ${account.id}`).toEqual([
        expect.objectContaining({
          kind: 'vacancy.deleted',
          title: 'Lowongan "Teknisi Listrik" dihapus BKK',
          body: expect.stringContaining(`telah dihapus oleh petugas BKK (Bu Ratna)`),
          data: { jobVacancyId: vacancy.id, vacancyDeleted: true },
        }),
      ])
    }
    expect(await toldOf(gone.id, vacancy.id)).toEqual([])
    const mails = await eventually(async () => {
      const got = smtp.received.filter((m) => m.subject === 'Lowongan "Teknisi Listrik" dihapus BKK')
      return got.length === 2 ? got : null
    })
    expect(mails.map((m) => m.to[0]).sort()).toEqual([hrd.email, colleague.email].sort())
    expect(mails[0].text).toContain(company.name)
  })

  it('its learners read that the school closed it, not the company', async () => {
    const admin = await anAdmin(t)
    const { company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Teknisi Listrik' })
    const ani = await aCandidate(t, vacancy.id, { status: 'pending' })

    expect((await call(t, 'DELETE', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })).status).toBe(
      200,
    )
    expect(await notificationsOf(t, ani.learner.id as number)).toEqual([
      expect.objectContaining({
        kind: 'application.closed',
        title: 'Lowongan "Teknisi Listrik" ditutup',
        body: `Mohon maaf, lowongan "Teknisi Listrik" di ${company.name} telah ditutup oleh BKK sekolah, sehingga lamaran Anda tidak dilanjutkan. Silakan lihat lowongan lain yang sesuai.`,
      }),
    ])
    const mine = await call(t, 'GET', `/api/my-applications/${ani.application.id}`, { as: ani.learner })
    expect(mine.body.data.timeline.at(-1)).toMatchObject({
      stage: 'vacancy_closed',
      status: 'rejected',
      notes: 'Lowongan ditutup oleh BKK sekolah.',
    })
    expect((await eventsOf(t, ani.application.id)).map((e) => e.stage)).toContain('vacancy_closed')
  })
})

describe("staff switch off a vacancy whose company's HR run its selection", () => {
  it('its HR is told, in-app and by e-mail; switching it off again, or on, tells nothing more', async () => {
    const admin = await anAdmin(t, { fullName: 'Bu Ratna' })
    const { hrd, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Gudang' })
    const toggle = (is_active: boolean) =>
      call(t, 'PATCH', `/api/admin/job-vacancies/${vacancy.id}/toggle-active`, {
        as: admin,
        body: { is_active },
      })

    expect((await toggle(false)).status).toBe(200)
    expect(await toldOf(hrd.id, vacancy.id)).toEqual([
      expect.objectContaining({
        kind: 'vacancy.deactivated',
        title: 'Lowongan "Operator Gudang" dinonaktifkan BKK',
        body: expect.stringContaining('lamaran yang sudah masuk tetap dapat Anda proses'),
        data: { jobVacancyId: vacancy.id },
      }),
    ])
    const mail = await eventually(async () =>
      smtp.received.find((m) => m.subject === 'Lowongan "Operator Gudang" dinonaktifkan BKK'),
    )
    expect(mail.to).toEqual([hrd.email])
    expect(mail.text).toContain('https://bkk.smk.test/hrd/lowongan')

    expect((await toggle(false)).status).toBe(200)
    expect((await toggle(true)).status).toBe(200)
    expect(await toldOf(hrd.id, vacancy.id)).toHaveLength(1)
  })
})
