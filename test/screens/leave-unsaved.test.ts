// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageTemplateEditPage } from '../../web/src/features/messages/template-edit-page'
import { useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * Staff rewording a message who clicked "← Template pesan" (or any menu item) before "Simpan" lost the new wording
 * without a word, though the screen knew it was unsaved (found in a browser audit of staff's week). Now leaving
 * asks first.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the message template editor holding unsaved wording', () => {
  it('asks before leaving; "Lanjutkan mengisi" keeps the text; with nothing unsaved, nothing is asked', async () => {
    const admin = await anAdmin(t)
    signedInTo(t, admin.token)
    renderScreen(
      h(MessageTemplateEditPage),
      '/admin/template-pesan/:key',
      '/admin/template-pesan/application.received',
    )
    const body = () => screen.getByLabelText(/^Isi pesan/) as HTMLTextAreaElement
    await waitFor(() => expect(body().value).toContain('{{nama_pelamar}}'), { timeout: 5_000 })
    const stored = body().value
    const typed = `${stored}\nRuang BKK buka pukul 08.00–15.00.`
    fireEvent.change(body(), { target: { value: typed } })

    fireEvent.click(screen.getByRole('link', { name: /Template pesan/ }))
    const ask = await screen.findByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' })
    expect(ask.textContent).toContain('belum disimpan')
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan mengisi' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' })).toBeNull(),
    )
    expect(body().value).toBe(typed)

    // The wording put back as stored: nothing to lose, the link goes.
    fireEvent.change(body(), { target: { value: stored } })
    fireEvent.click(screen.getByRole('link', { name: /Template pesan/ }))
    await waitFor(() => expect(screen.queryByLabelText(/^Isi pesan/)).toBeNull())
    expect(screen.queryByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' })).toBeNull()
  })
})
