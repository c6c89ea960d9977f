import { safeReturnPath } from '../../shared/rules/return-path';
/** Dialogs that anything on the page may open, by name, without prop drilling (SPEC §2: openRegistration). */
export type DialogEvent = 'openRegistration' | 'openLogin';

export interface DialogOptions {
  /** Where to go after logging in; when unset, the page the dialog was opened on (pageAfterLogin). */
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

export { safeReturnPath } from '../../shared/rules/return-path';

/**
 * Where logging in leads when nothing asked otherwise: back to the page the user was on (a round, the admin
 * panel, a page of text), except from the pages of one-time links and registration, which lead home.
 */
export function pageAfterLogin(location: string): string {
  return /^\/(verify-email|reset-password|register)(\/|$)/.test(location) ? '/' : safeReturnPath(location);
}
