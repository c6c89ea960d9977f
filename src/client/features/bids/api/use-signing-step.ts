import { useCallback, useState } from 'react';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import type { SignatureOptions, SignatureOptionsInput } from '../../../../shared/schemas/signature';
import { showToast } from '../../../lib/toast';
import {
  failureReason,
  fetchSigningOptions,
  type Signing,
  signingOf,
  usePublicConfig,
  withinTimeout,
} from './use-act-signing';
import { signWithPasskey } from './use-bid-signing';

/**
 * Asks the passkey for `options`: the proof, or null when the user cancelled (a toast says that nothing was
 * sent, `what` naming the act: 'Motbudet', 'Avslaget' …).
 */
export async function signOrCancel(options: SignatureOptions, what: string): Promise<SignatureProof | null> {
  try {
    return await signWithPasskey(options);
  } catch {
    showToast({
      title: 'Signeringen ble avbrutt',
      message: `${what} ble ikke sendt. Prøv igjen for å signere.`,
      variant: 'destructive',
    });
    return null;
  }
}

/**
 * Signing an act whose terms are typed in its dialog ('Gi motbud', 'Avslå'; decision 041): the first click
 * asks the server for the words of exactly these terms, which the dialog then shows; the second click signs
 * them. Any change to the terms starts over (`reset`). An act that goes unsigned (no passkey, or signing
 * off) is sent at the first click.
 */
export function useSigningStep() {
  const config = usePublicConfig();
  const [step, setStep] = useState<Signing | null>(null);
  const [asking, setAsking] = useState(false);

  /** The words and options for `act`, shown from now on; null if the server could not be asked (toast). */
  async function prepare(act: SignatureOptionsInput): Promise<Signing | null> {
    setAsking(true);
    try {
      const signing = signingOf(await withinTimeout(fetchSigningOptions(act)), config);
      setStep(signing);
      return signing;
    } catch (error) {
      showToast({
        title: 'Kunne ikke hente teksten du skal signere',
        message: failureReason(error),
        variant: 'destructive',
      });
      return null;
    } finally {
      setAsking(false);
    }
  }

  // Stable, so that a dialog may start over from an effect.
  const reset = useCallback(() => setStep(null), []);
  return { step, asking, prepare, reset };
}
