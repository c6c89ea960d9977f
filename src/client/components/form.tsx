import { Button, type ButtonProps, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode, SubmitEvent } from 'react';
import { focusFirstInvalid } from '../lib/focus-first-invalid';
import { useHydrated } from '../lib/use-hydrated';
import classes from './form.module.css';

type FormProps = Omit<ComponentPropsWithoutRef<'form'>, 'noValidate'>;

/**
 * Every form of Budrunde (docs/decisions/060-forms-before-ready-and-their-errors.md):
 * - in a page the server rendered, its controls are disabled until the page has hydrated, so that nothing
 *   can be typed or tapped that the script would then drop (decision 024 shows the page before it works);
 * - after a submit that its checks refused, the first field with an error has the focus and is in view.
 * The browser's own validation is off (`noValidate`): the forms show their own Norwegian messages.
 */
export function Form({ onSubmit, children, ...props }: FormProps) {
  const ready = useHydrated();
  const send = (event: SubmitEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    onSubmit?.(event);
    // A submit event is a discrete event: React has committed the errors its handler set by the next frame.
    requestAnimationFrame(() => focusFirstInvalid(form));
  };
  return (
    <form {...props} onSubmit={send} noValidate aria-busy={ready ? undefined : true}>
      <fieldset className={classes.fieldset} disabled={!ready}>
        {children}
      </fieldset>
    </form>
  );
}

interface SubmitButtonProps extends ButtonProps {
  children: ReactNode;
  disabled?: boolean;
}

/** A form's submit button: until the page has hydrated, a disabled spinner with 'Laster …' for screen readers. */
export function SubmitButton({ children, loading, ...props }: SubmitButtonProps) {
  const ready = useHydrated();
  return (
    <Button type="submit" {...props} loading={loading || !ready}>
      {children}
      {ready ? null : <VisuallyHidden>Laster …</VisuallyHidden>}
    </Button>
  );
}
