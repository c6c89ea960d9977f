import { showToast, type Toast } from '../../../lib/toast';

/**
 * The callbacks every admin action uses: its success toast (SPEC §8), or the failure toast with the
 * server's message under the action's own title ('Feil ved godkjenning', 'Feil ved sletting' …).
 */
export function toastOutcome(success: Toast, errorTitle: string, onDone?: () => void) {
  return {
    onSuccess: () => {
      showToast(success);
      onDone?.();
    },
    onError: (error: Error) =>
      showToast({ title: errorTitle, message: error.message, variant: 'destructive' }),
  };
}
