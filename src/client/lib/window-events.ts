/** Dialogs that anything on the page may open, by name, without prop drilling (SPEC §2: openRegistration). */
export type DialogEvent = 'openRegistration' | 'openLogin';

export interface DialogOptions {
  /** Where to go after logging in; the start page when unset. */
  returnTo?: string;
}

export function openDialog(name: DialogEvent, options: DialogOptions = {}): void {
  window.dispatchEvent(new CustomEvent<DialogOptions>(name, { detail: options }));
}

export function onDialogEvent(name: DialogEvent, handler: (options: DialogOptions) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<DialogOptions>).detail ?? {});
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}

/** Only a path on this site: never '//elsewhere.example' or 'https://…', which would leave it. */
export function safeReturnPath(path: string | undefined): string {
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}
