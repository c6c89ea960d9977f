import { Route, Switch } from 'wouter';
import { LandingPage } from './pages/landing-page';
import { NotFoundPage } from './pages/not-found-page';
import { ContactPage } from './pages/static/contact-page';
import { CookiesPage } from './pages/static/cookies-page';
import { HowItWorksPage } from './pages/static/how-it-works-page';
import { PrivacyPage } from './pages/static/privacy-page';
import { TermsPage } from './pages/static/terms-page';

export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/how-it-works" component={HowItWorksPage} />
      <Route path="/contact" component={ContactPage} />
      <Route path="/personvern" component={PrivacyPage} />
      <Route path="/vilkaar" component={TermsPage} />
      <Route path="/cookies" component={CookiesPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
