import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toApiError } from '../api/client'

const shown = vi.hoisted(() => [] as { color?: string; message: unknown }[])
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (n: { color?: string; message: unknown }) => shown.push(n) },
}))

const { namesOf, toastBulk, toastItemsRefused } = await import('./toast')

const rows = [
  { id: 11, applicant: { fullName: 'Rina Marlina' } },
  { id: 12, applicant: { fullName: 'Andi Saputra' } },
]
const nameOf = namesOf(rows, (r) => r.applicant.fullName)

beforeEach(() => {
  shown.length = 0
})

describe('the outcome of an action on several records', () => {
  it('names each refused record by what the page shows for it, by id only when the page has no name', () => {
    toastBulk(
      {
        processed: 3,
        succeeded: 1,
        failed: 2,
        failures: [
          { id: 11, reason: 'sudah diseleksi berkas (Dalam proses seleksi)' },
          { id: 99, reason: 'tidak ditemukan' },
        ],
      },
      'lamaran diproses.',
      nameOf,
    )
    expect(shown.map((n) => [n.color, n.message])).toEqual([
      ['green', '1 dari 3 lamaran diproses.'],
      ['red', 'Rina Marlina: sudah diseleksi berkas (Dalam proses seleksi); #99: tidak ditemukan'],
    ])
  })

  it("names the records a refusal's items point at (`student_ids.1`, the second one sent)", () => {
    const refusal = toApiError(422, {
      success: false,
      message: 'Tidak ada siswa yang dijadikan alumni.',
      data: null,
      errors: { 'student_ids.1': ['Sudah menjadi alumni (lulus 2025).'] },
    })
    toastItemsRefused(refusal, 'student_ids', [11, 12], nameOf)
    expect(shown.map((n) => n.message)).toEqual([
      'Tidak ada siswa yang dijadikan alumni. Andi Saputra: Sudah menjadi alumni (lulus 2025).',
    ])
  })
})
