import { useEffect } from 'react';
import { ApiError } from '../../lib/api';
import { showToast } from '../../lib/toast';

const REDIRECT_AFTER_MS = 500;

/** A live list answered 401 (the session ended elsewhere): say so, then go to the login (SPEC §2). */
export function useUnauthorizedRedirect(error: unknown): void {
  const unauthorized = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (!unauthorized) return;
    showToast({ title: 'Ikke pålogget', message: 'Du må logge inn på nytt.', variant: 'destructive' });
    const timer = setTimeout(() => window.location.assign('/api/login'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [unauthorized]);
}
