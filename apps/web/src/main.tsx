import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { trackActivity } from './session/activity';
import { connectSessionChannel } from './session/session-channel';
import { readStoredSession } from './session/session-storage';
import { createSessionState, initialSessionState } from './session/session.slice';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Without a session of its own, a tab asks the other tabs, then the refresh cookie, while the
// guard shows its loading indicator ('checking').
const stored = readStoredSession();
const store = createAppStore({
  session: stored ? createSessionState(stored) : { ...initialSessionState, status: 'checking' },
});
const channel = connectSessionChannel(store);
if (!stored) void channel.restore();
trackActivity();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
