import { useReducedMotion } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/toast';

/** Where toasts appear: one at a time, 5 s each, without sliding for users who ask for less motion. */
export function Toasts() {
  const reduceMotion = useReducedMotion();
  return (
    <Notifications
      limit={1}
      autoClose={TOAST_DURATION_MS}
      position="top-right"
      transitionDuration={reduceMotion ? 0 : 250}
    />
  );
}
