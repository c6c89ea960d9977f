import './mantine-styles';
import '@mantine/notifications/styles.css';
// The theme's CSS variables, computed once at build time instead of on every page load (decision 022).
import './theme-variables.css';
import { Box, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';
import { LiveEvents } from '../features/live/live-events';
import { type Hydration, HydrationContext } from '../lib/hydration';
import { queryClient } from '../lib/query-client';
import { DialogHost } from './dialog-host';
import { AppRouter } from './router';
import { ScrollToTop } from './scroll-to-top';
import { cssVariablesResolver, theme } from './theme';
import { Toasts } from './toasts';

const RENDERED_IN_BROWSER: Hydration = { renderedAt: null };

/**
 * `client`: the browser's one query cache by default; the server renders each page with a cache of its own.
 * `hydration`: set while a page the server rendered hydrates (lib/hydration.ts).
 */
export function App({
  client = queryClient,
  hydration = RENDERED_IN_BROWSER,
}: {
  client?: QueryClient;
  hydration?: Hydration;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      withCssVariables={false}
    >
      <QueryClientProvider client={client}>
        <HydrationContext value={hydration}>
          <LiveEvents />
          <Toasts />
          <ScrollToTop />
          <DialogHost />
          <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
            <Navbar />
            {/* At least a screen tall, so that the footer starts below the fold: pages grow as their data and
              chunks arrive, and a footer in view would jump down each time (a layout shift). */}
            <Box component="main" mih="100vh" style={{ flex: 1 }}>
              <AppRouter />
            </Box>
            <Footer />
          </Box>
        </HydrationContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
