import { notifications } from '@mantine/notifications';

export const TOAST_DURATION_MS = 5000;

export interface Toast {
  title: string;
  message?: string;
  variant?: 'default' | 'destructive';
}

/** Shows one toast; a new one replaces the old, so there is never more than one at a time. */
export function showToast({ title, message, variant = 'default' }: Toast): void {
  notifications.clean();
  notifications.show({
    title,
    message: message ?? '',
    color: variant === 'destructive' ? 'red' : 'green',
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    // Mantine's grey description is 3.3:1 on white; this one reads at over 10:1.
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}
