import type { CSSVariablesResolver } from '@mantine/core';
import { createTheme } from '@mantine/core';
import { PasswordVisibilityIcon } from '../components/password-visibility-icon';

// Shade 8 of blue keeps links and filled buttons above 4.5:1 contrast (WCAG AA); the default shade 6 fails.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Users who ask their system for less motion get no dialog and collapse animations.
  respectReducedMotion: true,
  // Plain objects rather than `Modal.extend(…)`: `extend` would put each component in every page's bundle.
  components: {
    // Mantine's close buttons are icon-only; screen readers need their name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Lukk' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Lukk varsel' } } },
    // Mantine names the show/hide button 'Toggle password visibility'. Without that aria-label the button
    // takes its name from the icon's hidden text, 'Vis passord' or 'Skjul passord'. A name that follows the
    // state must not also carry aria-pressed, or a screen reader hears "Skjul passord, pressed".
    PasswordInput: {
      defaultProps: {
        visibilityToggleIcon: PasswordVisibilityIcon,
        visibilityToggleButtonProps: { 'aria-label': undefined, 'aria-pressed': undefined },
      },
    },
  },
});

/** Badge colours dark enough for white text at 4.5:1; Mantine's green.8/9 are not. */
export const STATUS_COLORS = { active: '#1e7b34', closed: '#495057' } as const;

// Mantine's 'dimmed' grey (input descriptions too), error red and placeholder grey are all under 4.5:1 on
// white; these shades read at 5:1 or better.
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    '--mantine-color-placeholder': t.colors.gray[7] ?? '#495057',
    // Light and subtle buttons darken to blue.2 on hover, where their blue.8 text reads at only 4:1;
    // blue.1 keeps it at about 5:1.
    '--mantine-color-blue-light-hover': t.colors.blue[1] ?? '#d0ebff',
  },
  dark: {},
});
