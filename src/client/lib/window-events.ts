/** Dialogs that anything on the page may open, by name, without prop drilling (SPEC §2: openRegistration). */
export type DialogEvent = 'openRegistration' | 'openLogin';

export function openDialog(name: DialogEvent): void {
  window.dispatchEvent(new Event(name));
}

export function onDialogEvent(name: DialogEvent, handler: () => void): () => void {
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}
