// @vitest-environment happy-dom
import { MantineProvider, NumberInput, TextInput } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toApiError } from '../api/client'
import { rebase, useForm } from './form'

afterEach(cleanup)

/** A 422 as the service answers it: the message, and one list of messages per field. */
const refusal = toApiError(422, {
  success: false,
  message: 'Data tidak valid.',
  data: null,
  errors: { email: ['E-mail sudah dipakai.'], 'application_ids.1': ['Bukan pelamar lowongan ini.'] },
})

function Form({ onError }: { onError: (err: unknown) => void }) {
  const form = useForm({ email: 'andi@demo.test', application_ids: [] as string[] })
  const submit = form.submit(() => Promise.reject(refusal), onError)
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="E-mail" {...form.text('email')} />
      <p>{form.error('application_ids')}</p>
      <button type="submit" disabled={form.busy}>
        Simpan
      </button>
    </form>
  )
}

describe('useForm', () => {
  it("puts a 422's messages under the fields they name, and hands the refusal on", async () => {
    const refused: unknown[] = []
    render(
      <MantineProvider>
        <Form onError={(err) => refused.push(err)} />
      </MantineProvider>,
    )
    const email = screen.getByLabelText('E-mail')
    expect(email.getAttribute('aria-invalid')).not.toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('E-mail sudah dipakai.')).toBeTruthy()
    // A list's message names one of its items (`application_ids.1`): it shows at the list.
    expect(screen.getByText('Bukan pelamar lowongan ini.')).toBeTruthy()
    expect(refused).toEqual([refusal])
    expect((email as HTMLInputElement).value).toBe('andi@demo.test')
  })

  it('reads NumberInputs as numbers (null when blank), and puts a message under one that cannot be read', async () => {
    const sent: unknown[] = []
    function Numbers() {
      const form = useForm({ salary: '' as number | string, score: '' as number | string })
      const submit = form.submit(() => {
        const n = form.numbers('salary', 'score')
        if (n) sent.push(n)
      })
      return (
        <form onSubmit={submit} noValidate>
          <NumberInput label="Gaji" thousandSeparator="." decimalSeparator="," {...form.value('salary')} />
          <NumberInput label="Nilai" decimalSeparator="," {...form.value('score')} />
          <button type="submit">Simpan</button>
        </form>
      )
    }
    render(
      <MantineProvider>
        <Numbers />
      </MantineProvider>,
    )
    const score = screen.getByLabelText('Nilai')
    // Typed the Indonesian way; the score blank.
    fireEvent.change(screen.getByLabelText('Gaji'), { target: { value: '4.500.000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(sent).toEqual([{ salary: 4_500_000, score: null }]))
    // "-" is not a number yet: nothing is sent, and the field says why.
    fireEvent.change(score, { target: { value: '-' } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(score.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Isi dengan angka.')).toBeTruthy()
    expect(sent).toHaveLength(1)
  })
})

describe('rebase', () => {
  it("keeps each field the user changed and takes the record's value for every other one", () => {
    const base = { name: 'Tes Tulis', location: 'Ruang 1', ids: ['1', '2'], notes: '' }
    const mine = { name: 'Tes Tulis', location: 'Ruang 1', ids: ['1', '2', '3'], notes: 'Bawa KTP' }
    const theirs = { name: 'Tes Tulis Tahap 1', location: 'Ruang 2', ids: ['1'], notes: '' }
    // The list: the user added 3; the other person took 2 away, which stays away.
    expect(rebase(base, mine, theirs)).toEqual({
      name: 'Tes Tulis Tahap 1',
      location: 'Ruang 2',
      ids: ['1', '3'],
      notes: 'Bawa KTP',
    })
    // What the user took away stays away; what the other person added stays.
    expect(rebase({ ids: ['1', '2'] }, { ids: ['1'] }, { ids: ['1', '2', '4'] })).toEqual({ ids: ['1', '4'] })
  })
})
