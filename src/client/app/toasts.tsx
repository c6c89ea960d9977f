import { useNotifications } from '@mantine/notifications';
import { LoadPart, lazyPart } from '../components/lazy-part';
import { useShownOnce } from '../lib/use-shown-once';

// Mantine's toast container and its transitions load with the first toast: most visits show none. The
// toasts themselves wait in Mantine's store meanwhile, so none is lost.
const ToastContainer = lazyPart(
  () => import('./toast-container'),
  (m) => m.ToastContainer,
);

/** The toast container, mounted from the first toast on. */
export function Toasts() {
  const needed = useShownOnce(useNotifications().notifications.length > 0);
  if (!needed) return null;
  return (
    <LoadPart quiet>
      <ToastContainer />
    </LoadPart>
  );
}
