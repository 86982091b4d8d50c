import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { fetchMe, meQueryKey } from './app/auth';
import { AppProvider, createQueryClient } from './app/provider';
import { createRouter, routes } from './app/router';
import { signedOutQueryClient } from './app/signed-out';
import './styles/global.css';

/**
 * A public page sent to a signed-out visitor already holds its markup (scripts/prerender.mjs): its route's
 * code is loaded before the router starts, so the first render is that page (not the loading screen) and
 * hydrates the markup as it is.
 */
async function loadRoutesOf(location: Location) {
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

async function start(container: HTMLElement) {
  // markup to hydrate, or only the loading screen the build put there (which the first render replaces)
  const prerendered = container.hasChildNodes() && !container.hasAttribute('data-loading');
  if (prerendered) await loadRoutesOf(window.location);
  const queryClient = prerendered ? signedOutQueryClient() : createQueryClient();
  // who is signed in is asked at once, while the router loads the page's code (not after it)
  if (!prerendered)
    void queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal) });
  const router = createRouter();
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // the first render as a transition: React renders (or hydrates) it in slices and lets the browser breathe
  // in between, instead of one long task while a phone is still busy loading the page
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
void start(container);
