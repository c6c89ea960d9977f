import { useEffect, useState } from 'react';
import { type IdentityOutcome, identityOutcomeOf } from '../../../shared/rules/identity';

/**
 * What the identity provider's return said, `?identitet=<outcome>` (decision 064). Read after hydration, so
 * that the server's render and the browser's first render agree.
 */
export function useIdentityOutcome(): IdentityOutcome | null {
  const [outcome, setOutcome] = useState<IdentityOutcome | null>(null);
  useEffect(() => {
    setOutcome(identityOutcomeOf(window.location.search));
  }, []);
  return outcome;
}
