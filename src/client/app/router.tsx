import { Route, Switch } from 'wouter';
import { AdminPage } from './pages/admin-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { RegisterPage } from './pages/register-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { RoundPage } from './pages/round-page';
import { ContactPage } from './pages/static/contact-page';
import { CookiesPage } from './pages/static/cookies-page';
import { HowItWorksPage } from './pages/static/how-it-works-page';
import { PrivacyPage } from './pages/static/privacy-page';
import { TermsPage } from './pages/static/terms-page';
import { VerifyEmailPage } from './pages/verify-email-page';

export function AppRouter() {
  return (
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
  );
}
