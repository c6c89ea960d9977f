/**
 * Moves the focus to the first field of `form` that shows an error, and scrolls it to the middle of the
 * view: a failed submit otherwise leaves the focus on the button, with the message possibly out of sight
 * (docs/decisions/060-forms-before-ready-and-their-errors.md). Returns whether there was such a field.
 */
export function focusFirstInvalid(form: HTMLElement): boolean {
  const fields = form.querySelectorAll<HTMLElement>('[aria-invalid="true"]:not([type="hidden"])');
  const field = [...fields].find((element) => element.getClientRects().length > 0);
  if (!field) return false;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
  return true;
}
