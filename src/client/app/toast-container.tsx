import { useReducedMotion } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/toast';
import { TOAST_ROOT_ATTRIBUTE, useToastPlacement } from './toast-placement';

/**
 * Where toasts appear: one at a time, 5 s each, without sliding for users who ask for less motion.
 * At the bottom, because dialogs keep their title and close button at the top: a toast up there covered
 * the very button that closes the dialog it reports on. Where a dialog's own buttons are down there too,
 * the toast moves to where it covers none of them (toast-placement.ts).
 */
export function ToastContainer() {
  const reduceMotion = useReducedMotion();
  useToastPlacement();
  return (
    <Notifications
      limit={1}
      autoClose={TOAST_DURATION_MS}
      position="bottom-right"
      transitionDuration={reduceMotion ? 0 : 250}
      {...{ [TOAST_ROOT_ATTRIBUTE]: '' }}
    />
  );
}
