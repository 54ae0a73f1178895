// The password pages outside the signed-in layout: forgot password, the one-time link's page, and the
// change an account must make first (loaded together, as one script).
import '../styles-all'

export { ForcedChangePage } from '../features/auth/forced-change-page'
export { ForgotPasswordPage } from '../features/auth/forgot-password-page'
export { SetPasswordPage } from '../features/auth/set-password-page'
