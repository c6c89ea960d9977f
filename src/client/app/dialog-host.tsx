import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type IdentityOutcome, identityOutcomeOf } from '../../shared/rules/identity';
import { LoadPart, lazyPart } from '../components/lazy-part';
import { useCurrentUser } from '../features/auth/use-current-user';
import { JOURNAL_PARAM } from '../features/journals/use-journal-from-address';
import { useShownOnce } from '../lib/use-shown-once';
import { onDialogEvent } from '../lib/window-events';

// The dialogs and their forms load when first opened: most visits never open them.
const LoginDialog = lazyPart(
  () => import('../features/auth/components/login-dialog'),
  (m) => m.LoginDialog,
);
const RegistrationDialog = lazyPart(
  () => import('../features/auth/components/registration-dialog'),
  (m) => m.RegistrationDialog,
);

/** The login and registration dialogs, opened from anywhere by window events or by /?login=1. */
export function DialogHost() {
  const [loginOpen, setLoginOpen] = useState(false);
  const [returnTo, setReturnTo] = useState<string | undefined>();
  // What a refused login with the eID said (`?identitet=`, decision 064), for the dialog to word.
  const [identityOutcome, setIdentityOutcome] = useState<IdentityOutcome | null>(null);
  const [registrationOpen, setRegistrationOpen] = useState(false);
  const loginUsed = useShownOnce(loginOpen);
  const registrationUsed = useShownOnce(registrationOpen);
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

  // A mail's link to a journal, opened by a visitor: log in first, then land in that journal.
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (isLoading || user || !params.get(JOURNAL_PARAM)) return;
    setReturnTo(`${location}?${params.toString()}`);
    setLoginOpen(true);
  }, [search, location, user, isLoading]);

  // GET /api/login and a refused login with the eID redirect here: open the dialog and tidy the address bar.
  useEffect(() => {
    if (new URLSearchParams(search).get('login') === '1') {
      setIdentityOutcome(identityOutcomeOf(search));
      setReturnTo(undefined);
      setLoginOpen(true);
      navigate(location, { replace: true });
    }
  }, [search, location, navigate]);

  return (
    <LoadPart quiet>
      {loginUsed ? (
        <LoginDialog
          opened={loginOpen}
          returnTo={returnTo}
          identityOutcome={identityOutcome}
          onClose={() => {
            setLoginOpen(false);
            setIdentityOutcome(null);
          }}
        />
      ) : null}
      {registrationUsed ? (
        <RegistrationDialog opened={registrationOpen} onClose={() => setRegistrationOpen(false)} />
      ) : null}
    </LoadPart>
  );
}
