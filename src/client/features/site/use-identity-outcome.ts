import { useEffect, useState } from 'react';
import {
  IDENTITY_OUTCOME_PARAM,
  IDENTITY_OUTCOMES,
  type IdentityOutcome,
} from '../../../shared/rules/identity';

/**
 * What the identity provider's return said, `?identitet=<outcome>` (decision 064). Read after hydration, so
 * that the server's render and the browser's first render agree.
 */
export function useIdentityOutcome(): IdentityOutcome | null {
  const [outcome, setOutcome] = useState<IdentityOutcome | null>(null);
  useEffect(() => {
    const said = new URLSearchParams(window.location.search).get(IDENTITY_OUTCOME_PARAM);
    setOutcome(IDENTITY_OUTCOMES.find((known) => known === said) ?? null);
  }, []);
  return outcome;
}
