import { useCurrentUser } from '../../features/auth/use-current-user';
import { useSessionWatch } from '../../features/auth/use-session-watch';
import { ActiveRoundsPage } from './active-rounds-page';
import { LandingPage } from './landing-page';

/** '/' is the landing page for visitors (and while the session loads), the rounds page when signed in. */
export function HomePage() {
  const { user } = useCurrentUser();
  useSessionWatch(user);
  return user ? <ActiveRoundsPage user={user} /> : <LandingPage />;
}
