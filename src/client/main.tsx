import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedFirstScreen } from './lib/first-screen';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
seedFirstScreen(queryClient);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread until the whole page is built: on a slow phone, taps and scrolling are answered meanwhile.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
