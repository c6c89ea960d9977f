import { useReducedMotion } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/toast';

/**
 * Where toasts appear: one at a time, 5 s each, without sliding for users who ask for less motion.
 * At the bottom, because dialogs keep their title and close button at the top: a toast up there covered
 * the very button that closes the dialog it reports on.
 */
export function ToastContainer() {
  const reduceMotion = useReducedMotion();
  return (
    <Notifications
      limit={1}
      autoClose={TOAST_DURATION_MS}
      position="bottom-right"
      transitionDuration={reduceMotion ? 0 : 250}
    />
  );
}
