// Every Mantine component's styles, imported by the screens loaded after the first (see main.tsx).
import '@mantine/core/styles.css'
