// Mantine's notification list, loaded on demand by providers.tsx (with the first notification shown).
export { Notifications } from '@mantine/notifications';
