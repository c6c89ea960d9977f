import { lazyPart } from '../../components/lazy-part';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useSessionWatch } from '../../features/auth/use-session-watch';
import { LandingPage } from './landing-page';

// A visitor never loads the signed-in rounds page, with its forms and the date picker for new rounds.
const ActiveRoundsPage = lazyPart(
  () => import('./active-rounds-page'),
  (m) => m.ActiveRoundsPage,
);

/** '/' is the landing page for visitors (and while the session loads), the rounds page when signed in. */
export function HomePage() {
  const { user } = useCurrentUser();
  useSessionWatch(user);
  return user ? <ActiveRoundsPage user={user} /> : <LandingPage />;
}
