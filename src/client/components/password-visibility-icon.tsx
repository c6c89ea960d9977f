import { VisuallyHidden } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';

const ICON_SIZE = { width: 'var(--psi-icon-size)', height: 'var(--psi-icon-size)' };

/**
 * The content of every PasswordInput's show/hide button (set once in the theme). Its hidden text names the
 * button by what a press does now, in Norwegian; the theme drops Mantine's English aria-label for it.
 */
export function PasswordVisibilityIcon({ reveal }: { reveal: boolean }) {
  const Icon = reveal ? IconEyeOff : IconEye;
  return (
    <>
      <Icon style={ICON_SIZE} stroke={1.8} aria-hidden />
      <VisuallyHidden>{reveal ? 'Skjul passord' : 'Vis passord'}</VisuallyHidden>
    </>
  );
}
