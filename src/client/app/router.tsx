import { Route, Switch, useLocation } from 'wouter';
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
const NotFoundPage = lazyPart(
  () => import('./pages/not-found-page'),
  (m) => m.NotFoundPage,
);

export function AppRouter() {
  const [location] = useLocation();
  // Keyed by the address, so that a page whose chunk failed does not keep the next page from loading.
  return (
    <LoadPart resetKey={location}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/budrunder/:id" component={RoundPage} />
        <Route path="/admin" component={AdminPage} />
        <Route path="/how-it-works" component={HowItWorksPage} />
        <Route path="/contact" component={ContactPage} />
        <Route path="/personvern" component={PrivacyPage} />
        <Route path="/vilkaar" component={TermsPage} />
        <Route path="/cookies" component={CookiesPage} />
        <Route component={NotFoundPage} />
      </Switch>
      <PageReady />
    </LoadPart>
  );
}
