import './styles-all'
import '@mantine/notifications/styles.css'
import { useMediaQuery } from '@mantine/hooks'
import { Notifications } from '@mantine/notifications'

/**
 * The toasts, at the foot of the screen: at its top they covered an open dialog's title and its × (a dialog
 * stays open with "Akun HRD ditambahkan." or a refusal over it). On a desktop at the left, away from the dialog's
 * buttons (at its right); on a phone, where a dialog takes the width, centred.
 */
export default function Toasts() {
  const phone = useMediaQuery('(max-width: 36em)')
  return <Notifications position={phone ? 'bottom-center' : 'bottom-left'} />
}
