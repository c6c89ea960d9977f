import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LoginDialog } from '../features/auth/components/login-dialog';
import { RegistrationDialog } from '../features/auth/components/registration-dialog';
import { onDialogEvent } from '../lib/window-events';

/** The login and registration dialogs, opened from anywhere by window events or by /?login=1. */
export function DialogHost() {
  const [loginOpen, setLoginOpen] = useState(false);
  const [returnTo, setReturnTo] = useState<string | undefined>();
  const [registrationOpen, setRegistrationOpen] = useState(false);
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(
    () =>
      onDialogEvent('openLogin', (options) => {
        setReturnTo(options.returnTo);
        setLoginOpen(true);
      }),
    [],
  );
  useEffect(() => onDialogEvent('openRegistration', () => setRegistrationOpen(true)), []);

  // GET /api/login redirects here: open the dialog and tidy the address bar.
  useEffect(() => {
    if (new URLSearchParams(search).get('login') === '1') {
      setReturnTo(undefined);
      setLoginOpen(true);
      navigate(location, { replace: true });
    }
  }, [search, location, navigate]);

  return (
    <>
      <LoginDialog opened={loginOpen} returnTo={returnTo} onClose={() => setLoginOpen(false)} />
      <RegistrationDialog opened={registrationOpen} onClose={() => setRegistrationOpen(false)} />
    </>
  );
}
