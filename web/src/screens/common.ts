// Screens every role opens (loaded together, as one script; see App.tsx).
import '../styles-all'

export { AccountPage } from '../features/auth/account-page'
export { NotificationsPage } from '../features/notifications/notifications-page'
