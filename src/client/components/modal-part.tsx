// The chunk behind components/modal.tsx: Mantine's Modal with its focus trap, scroll lock, portal and
// floating-ui, which no page needs before someone opens a dialog.
import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Mounted closed and opened a moment later: Mantine's Modal notes what had the focus (to give it back on
 * closing) and runs its opening transition only when `opened` changes, and a dialog loaded on first use
 * would otherwise mount already open, and leave the focus on the page's <body> when it closes.
 */
export function Modal(props: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <MantineModal {...props} opened={props.opened && mounted} />;
}
