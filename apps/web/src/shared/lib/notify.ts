import { notifications } from '@mantine/notifications';

/** One place for toast colours, so every module reports results the same way. */
export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message });
}

export function notifyError(message: string) {
  notifications.show({ color: 'red', message });
}
