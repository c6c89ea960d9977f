import { useEffect, useRef } from 'react';
import type { CurrentUser } from '../../../shared/schemas/user';
import { showToast } from '../../lib/toast';
import { isSignOutExpected } from './sign-out';

const REDIRECT_AFTER_MS = 500;

/**
 * The signed-in user turned into a visitor without logging out (the session expired or was ended from
 * another device): say 'Ikke pålogget' and go to the login after 500 ms (SPEC §2).
 */
export function useSessionWatch(user: CurrentUser | null): void {
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (user) {
      wasSignedIn.current = true;
      return;
    }
    if (!wasSignedIn.current || isSignOutExpected()) return;
    wasSignedIn.current = false;
    showToast({
      title: 'Ikke pålogget',
      message: 'Økten din er avsluttet. Logg inn på nytt.',
      variant: 'destructive',
    });
    const timer = setTimeout(() => window.location.assign('/api/login'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [user]);
}
