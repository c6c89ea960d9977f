import { Alert, type ModalProps } from '@mantine/core';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useShownOnce } from '../lib/use-shown-once';
import { lazyPart, PART_FAILED_HINT } from './lazy-part';

const loadModal = () => import('./modal-part');
const MantineModal = lazyPart(loadModal, (m) => m.Modal);

/**
 * Mantine's Modal, loaded when a dialog first opens (docs/decisions/021-dialogs-and-the-date-picker-load-on-use.md):
 * with its focus trap, scroll lock and floating-ui it is a fifth of a round page's JavaScript, and no page
 * shows a dialog before someone asks for one. The chunk is fetched at the page's first tap, key press or
 * focus, so that by the time a dialog is asked for it is usually there. Same props as Mantine's Modal.
 */
export function Modal(props: ModalProps) {
  const used = useShownOnce(props.opened);
  if (!used) return null;
  return (
    <ErrorBoundary
      fallback={
        props.opened ? (
          <Alert color="red" role="alert" title="Kunne ikke åpne vinduet">
            {PART_FAILED_HINT}
          </Alert>
        ) : null
      }
    >
      <Suspense fallback={null}>
        <MantineModal {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

// The page's first tap, key press or focus starts loading the chunk, once.
if (typeof window !== 'undefined') {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const load = () => {
    for (const type of events) window.removeEventListener(type, load, true);
    // A failure here is shown by the dialog's error boundary if one is opened.
    loadModal().catch(() => {});
  };
  for (const type of events) window.addEventListener(type, load, true);
}
