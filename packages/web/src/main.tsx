import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { fetchMe, meQueryKey } from './app/auth';
import { AppProvider, createQueryClient } from './app/provider';
import { createRouter, routes } from './app/router';
import { signedOutQueryClient } from './app/signed-out';
import { RenderedTimeZone, rememberTimeZone } from './lib/time-zone';
import type { Me } from './lib/types';
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

/** What a page rendered for its person carries beside its markup: the session's answer and its time zone. */
interface Carried {
  user: Me;
  timeZone: string;
}

async function start(container: HTMLElement) {
  rememberTimeZone();
  // the page as the server rendered it for this person (packages/server/src/platform/personal-pages.ts)
  const carriedText = container.hasAttribute('data-personal')
    ? document.getElementById('facet-session')?.textContent
    : null;
  const personal = carriedText ? (JSON.parse(carriedText) as Carried) : null;
  // markup to hydrate (a public page as a signed-out visitor sees it, or this person's page), or only the
  // loading screen the build put there (which the first render replaces)
  const prerendered = !personal && container.hasChildNodes() && !container.hasAttribute('data-loading');
  if (prerendered || personal) await loadRoutesOf(window.location);
  const queryClient = prerendered ? signedOutQueryClient() : createQueryClient();
  if (personal) queryClient.setQueryData(meQueryKey, personal.user);
  // who is signed in is asked at once, while the router loads the page's code (not after it)
  else if (!prerendered)
    void queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal) });
  const router = createRouter();
  const app = (
    <StrictMode>
      <RenderedTimeZone zone={personal?.timeZone}>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </RenderedTimeZone>
    </StrictMode>
  );
  // the first render as a transition: React renders (or hydrates) it in slices and lets the browser breathe
  // in between, instead of one long task while a phone is still busy loading the page
  startTransition(() => {
    if (prerendered || personal) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
void start(container);
