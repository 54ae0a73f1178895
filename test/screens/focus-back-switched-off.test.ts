// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { type ComponentProps, createElement as h, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmButton } from '../../web/src/components/confirm'
import { FormModal } from '../../web/src/components/form-modal'
import { mount } from '../support/screen.js'

/**
 * HR on a phone with TalkBack (found in an audit of HR's week on a 390 px phone): after "Umumkan" in "Umumkan hasil
 * seleksi?" and after "Ya, proses" of a bulk "tidak lolos", the focus fell to <body> and the screen reader began
 * again at the top of the page: the button that opened the confirmation was given the focus back, but it was
 * switched off by then (nothing left to publish, nothing ticked), and a disabled button cannot hold the focus. The
 * focus now goes to the screen's heading, whether the opener is off as the dialog closes or a moment after.
 */
afterEach(cleanup)

const heading = () => screen.getByRole('heading', { name: 'Hasil seleksi' })

/** A screen with its heading, and a "Umumkan hasil" that asks first and is off once `publish` has run. */
function Publishing({ offAfter }: { offAfter: number | null }) {
  const [left, setLeft] = useState(3)
  const publish = () =>
    offAfter === null
      ? Promise.resolve()
      : offAfter === 0
        ? setLeft(0)
        : // The list read again after the answer: the button is switched off a moment after the dialog closed.
          void setTimeout(() => setLeft(0), offAfter)
  return h(
    'main',
    null,
    h('h1', { tabIndex: -1 }, 'Hasil seleksi'),
    h(
      ConfirmButton,
      // Its children (the button's words) come after, as createElement takes them.
      {
        title: 'Umumkan hasil seleksi?',
        message: `${left} hasil diumumkan.`,
        confirmLabel: 'Umumkan',
        disabled: left === 0,
        onConfirm: publish,
      } as ComponentProps<typeof ConfirmButton>,
      'Umumkan hasil',
    ),
  )
}

/** The bulk review's shape: a dialog mounted while open, its opener off once nothing is ticked. */
function Bulk() {
  const [ticked, setTicked] = useState(1)
  const [open, setOpen] = useState(false)
  return h(
    'main',
    null,
    h('h1', { tabIndex: -1 }, 'Hasil seleksi'),
    h(
      'button',
      { type: 'button', disabled: !ticked, onClick: () => setOpen(true) },
      'Nyatakan terpilih tidak lolos',
    ),
    open &&
      h(
        FormModal,
        { opened: true, onClose: () => setOpen(false), title: 'Nyatakan pelamar terpilih tidak lolos?' },
        h(
          'button',
          {
            type: 'button',
            onClick: () => {
              setOpen(false)
              setTicked(0)
            },
          },
          'Ya, proses 1 lamaran',
        ),
      ),
  )
}

/**
 * The learner page's "Keluar/Mutasi" (found in an audit of staff's day): its dialog is mounted while open, its
 * opener takes the focus back as it closes, then the page read again puts "Batalkan keluar/mutasi" in its place:
 * the opener is removed, not switched off.
 */
function LeavingSchool({ replacedAfter }: { replacedAfter: number }) {
  const [left, setLeft] = useState(false)
  const [open, setOpen] = useState(false)
  return h(
    'main',
    null,
    h('h1', { tabIndex: -1 }, 'Ayu Wandira'),
    left
      ? h('button', { type: 'button', key: 'undo' }, 'Batalkan keluar/mutasi')
      : h('button', { type: 'button', key: 'leave', onClick: () => setOpen(true) }, 'Keluar/Mutasi'),
    open &&
      h(
        FormModal,
        { opened: true, onClose: () => setOpen(false), title: 'Keluar/Mutasi' },
        h(
          'button',
          {
            type: 'button',
            onClick: () => {
              setOpen(false)
              // The record read again after the answer.
              setTimeout(() => setLeft(true), replacedAfter)
            },
          },
          'Simpan keluar/mutasi',
        ),
      ),
  )
}

async function confirmFrom(opener: string, confirm: string) {
  const button = screen.getByRole('button', { name: opener })
  button.focus()
  fireEvent.click(button)
  fireEvent.click(await screen.findByRole('button', { name: confirm }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
}

describe('the focus after a confirmation whose opener is then switched off', () => {
  it('"Umumkan hasil" off as the dialog closes: the heading takes the focus', async () => {
    mount(h(Publishing, { offAfter: 0 }))
    await confirmFrom('Umumkan hasil', 'Umumkan')
    await waitFor(() => expect(document.activeElement).toBe(heading()))
  })

  it('"Umumkan hasil" off a moment after the focus went back to it: the heading takes the focus', async () => {
    mount(h(Publishing, { offAfter: 300 }))
    await confirmFrom('Umumkan hasil', 'Umumkan')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Umumkan hasil' })).toHaveProperty('disabled', true),
    )
    await waitFor(() => expect(document.activeElement).toBe(heading()))
  })

  it('a bulk action off once nothing is ticked (its dialog gone with it): the heading takes the focus', async () => {
    mount(h(Bulk))
    await confirmFrom('Nyatakan terpilih tidak lolos', 'Ya, proses 1 lamaran')
    await waitFor(() => expect(document.activeElement).toBe(heading()))
  })

  it('an opener still on takes the focus back, as before', async () => {
    mount(h(Publishing, { offAfter: null }))
    await confirmFrom('Umumkan hasil', 'Umumkan')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Umumkan hasil' })),
    )
    // And stays there: nothing moves it on afterwards.
    await new Promise((r) => setTimeout(r, 200))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Umumkan hasil' }))
  })

  it('"Keluar/Mutasi" removed a moment after the focus went back to it (the page read again): the heading takes it', async () => {
    mount(h(LeavingSchool, { replacedAfter: 300 }))
    await confirmFrom('Keluar/Mutasi', 'Simpan keluar/mutasi')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keluar/Mutasi' })),
    )
    await screen.findByRole('button', { name: 'Batalkan keluar/mutasi' })
    // Before: the focus went with the removed button, to <body> (NVDA's next Tab was "Lewati ke konten").
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ayu Wandira' })),
    )
  })
})
