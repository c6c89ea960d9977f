import { useNotifications } from '@mantine/notifications';
import { useState } from 'react';
import { LoadPart, lazyPart } from '../components/lazy-part';

// Mantine's toast container and its transitions load with the first toast: most visits show none. The
// toasts themselves wait in Mantine's store meanwhile, so none is lost.
const ToastContainer = lazyPart(
  () => import('./toast-container'),
  (m) => m.ToastContainer,
);

/** The toast container, mounted from the first toast on. */
export function Toasts() {
  const waiting = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(false);
  if (waiting && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <LoadPart quiet>
      <ToastContainer />
    </LoadPart>
  );
}
