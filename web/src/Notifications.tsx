import './styles-all'
import '@mantine/notifications/styles.css'
import { Notifications } from '@mantine/notifications'

export default Notifications
