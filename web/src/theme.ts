import { createTheme } from '@mantine/core'

/**
 * The app's Mantine theme (main.tsx), apart so that the screens' tests (test/support/screen.ts) draw the screens
 * with it, as the app does. Blue 8/9 on white and dimmed text at gray.7 keep contrast above WCAG AA.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  colors: {},
  other: {},
  // Names in Indonesian for the controls Mantine draws without one, or in English (the page is lang="id");
  // plain objects, not Modal.extend(): the first screen's script does not carry those components.
  components: {
    ModalCloseButton: { defaultProps: { 'aria-label': 'Tutup' } },
    // The chevron of a select (Select, MultiSelect) is a picture of what the field is, not content: screen readers
    // read it as an unnamed image beside every select. The field's own role ("combobox") says it already.
    ComboboxChevron: { defaultProps: { 'aria-hidden': true } },
    // A click beside a dialog does not close it: a form's typed work went with it (a refusal's reason, a half-filled
    // placement). Escape, its × and its "Batal" still do.
    Modal: { defaultProps: { closeOnClickOutside: false } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Tutup pemberitahuan' } } },
    // Reachable by Tab, its name stays while aria-pressed says whether the password shows.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Tampilkan kata sandi' },
      },
    },
  },
})
