import { useQueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import { PAGE_PATHS, pageNotFoundKey } from '../../shared/pages';
import { LoadPart, lazyPart } from '../components/lazy-part';
import { PageReady } from './page-ready';
import { HomePage } from './pages/home-page';

// Every page but the home page is its own chunk, loaded when first visited.
const RegisterPage = lazyPart(
  () => import('./pages/register-page'),
  (m) => m.RegisterPage,
);
const VerifyEmailPage = lazyPart(
  () => import('./pages/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const ResetPasswordPage = lazyPart(
  () => import('./pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const RoundPage = lazyPart(
  () => import('./pages/round-page'),
  (m) => m.RoundPage,
);
const AdminPage = lazyPart(
  () => import('./pages/admin-page'),
  (m) => m.AdminPage,
);
const HowItWorksPage = lazyPart(
  () => import('./pages/static/how-it-works-page'),
  (m) => m.HowItWorksPage,
);
const ContactPage = lazyPart(
  () => import('./pages/static/contact-page'),
  (m) => m.ContactPage,
);
const PrivacyPage = lazyPart(
  () => import('./pages/static/privacy-page'),
  (m) => m.PrivacyPage,
);
const TermsPage = lazyPart(
  () => import('./pages/static/terms-page'),
  (m) => m.TermsPage,
);
const CookiesPage = lazyPart(
  () => import('./pages/static/cookies-page'),
  (m) => m.CookiesPage,
);
const CheckJournalPage = lazyPart(
  () => import('./pages/check-journal-page'),
  (m) => m.CheckJournalPage,
);
const NotFoundPage = lazyPart(
  () => import('./pages/not-found-page'),
  (m) => m.NotFoundPage,
);

export function AppRouter() {
  const [location] = useLocation();
  // The server answered 404 for this address (a round that does not exist, say), and its first data says so.
  const notFound = useQueryClient().getQueryData(pageNotFoundKey(location)) === true;
  // Keyed by the address, so that a page whose chunk failed does not keep the next page from loading.
  return (
    <LoadPart resetKey={location}>
      {notFound ? (
        <NotFoundPage />
      ) : (
        <Switch>
          <Route path={PAGE_PATHS.home} component={HomePage} />
          <Route path={PAGE_PATHS.register} component={RegisterPage} />
          <Route path={PAGE_PATHS.verifyEmail} component={VerifyEmailPage} />
          <Route path={PAGE_PATHS.resetPassword} component={ResetPasswordPage} />
          <Route path={PAGE_PATHS.round} component={RoundPage} />
          <Route path={PAGE_PATHS.admin} component={AdminPage} />
          <Route path={PAGE_PATHS.howItWorks} component={HowItWorksPage} />
          <Route path={PAGE_PATHS.contact} component={ContactPage} />
          <Route path={PAGE_PATHS.privacy} component={PrivacyPage} />
          <Route path={PAGE_PATHS.terms} component={TermsPage} />
          <Route path={PAGE_PATHS.cookies} component={CookiesPage} />
          <Route path={PAGE_PATHS.checkJournal} component={CheckJournalPage} />
          <Route component={NotFoundPage} />
        </Switch>
      )}
      <PageReady />
    </LoadPart>
  );
}
