import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/nb';
import { Box, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';
import { queryClient } from '../lib/query-client';
import { TOAST_DURATION_MS } from '../lib/toast';
import { AppRouter } from './router';
import { ScrollToTop } from './scroll-to-top';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'nb', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" />
          <ScrollToTop />
          <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
            <Navbar />
            <Box component="main" style={{ flex: 1 }}>
              <AppRouter />
            </Box>
            <Footer />
          </Box>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
