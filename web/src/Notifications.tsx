import './styles-all'
import '@mantine/notifications/styles.css'
import { useMediaQuery } from '@mantine/hooks'
import { Notifications } from '@mantine/notifications'

/**
 * The toasts, at the foot of the screen: at its top they covered an open dialog's title and its × (a dialog
 * stays open with "Akun HRD ditambahkan." or a refusal over it). Where the menu is beside the page (48em and
 * wider), at its foot and no wider than it: across the page's own foot they covered a form's "Simpan" (forms put
 * their buttons at the page's left), and two refusals in a row kept it covered. Narrower, centred.
 */
export default function Toasts() {
  const beside = useMediaQuery('(min-width: 48em)')
  return beside ? (
    <Notifications position="bottom-left" containerWidth={MENU_WIDTH - 2 * EDGE} />
  ) : (
    <Notifications position="bottom-center" />
  )
}

/** The menu's width (Layout's navbar) and the toasts' distance from the screen's edge (Mantine's default). */
const MENU_WIDTH = 240
const EDGE = 16
