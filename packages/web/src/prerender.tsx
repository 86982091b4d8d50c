import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { FullPageLoader } from './app/app-layout';
import { meQueryKey } from './app/auth';
import { protectedRedirect } from './app/guards';
import { AppProvider, createQueryClient } from './app/provider';
import { routes } from './app/router';
import { signedOutQueryClient } from './app/signed-out';
import { RenderedTimeZone } from './lib/time-zone';
import type { Me } from './lib/types';

/**
 * The public pages whose markup the build writes into their HTML (packages/web/scripts/prerender.mjs), as a
 * signed-out visitor sees them: the first paint and the largest text do not wait for the scripts, which then
 * hydrate the same markup (main.tsx). The server sends these only to a request without a session cookie.
 */
export const PRERENDERED_PAGES = [
  // each with the module its route loads (app/router.tsx), whose styles and scripts the page's head names
  { path: '/', module: 'src/features/marketing/pages/home-page.tsx' },
  { path: '/explore', module: 'src/features/marketing/pages/explore-page.tsx' },
  { path: '/pricing', module: 'src/features/marketing/pages/pricing-page.tsx' },
  { path: '/login-user', module: 'src/features/auth/pages/login-page.tsx' },
  { path: '/login-designer', module: 'src/features/auth/pages/login-page.tsx' },
] as const;

/**
 * Signed-in pages whose head names their route's chunks and style sheets (modulepreload, stylesheet), so
 * they load beside the app's own instead of after it has started and matched the route. No markup: what
 * these pages show depends on the person. Served to a request with a session cookie.
 */
export const SIGNED_IN_PAGES = [
  { path: '/dashboard', module: 'src/features/dashboard/pages/dashboard-page.tsx' },
  { path: '/projects', module: 'src/features/projects/pages/projects-page.tsx' },
  { path: '/orders', module: 'src/features/orders/pages/orders-page.tsx' },
  { path: '/notifications', module: 'src/features/notifications/pages/notifications-page.tsx' },
  { path: '/browse-designers', module: 'src/features/projects/pages/browse-designers-page.tsx' },
  { path: '/produce', module: 'src/features/produce/pages/produce-page.tsx' },
  { path: '/cart', module: 'src/features/commerce/pages/cart-page.tsx' },
  { path: '/account-settings', module: 'src/features/account/pages/account-settings-page.tsx' },
] as const;

const handler = createStaticHandler(routes);

/** A page as the app's first render draws it: its `<title>` element (for the head) and the contents of #root. */
export interface RenderedPage {
  title: string | null;
  body: string;
}

/** The page as the app's first render with `queryClient` draws it. */
async function render(path: string, queryClient: QueryClient, timeZone?: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <RenderedTimeZone zone={timeZone}>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </RenderedTimeZone>
    </StrictMode>,
  );
  // React puts the page's <title> (PageTitle) first; it belongs in the head
  const [, title = null, body = markup] = /^(<title>[^<]*<\/title>)?([\s\S]*)$/.exec(markup) ?? [];
  return { title, body };
}

/** One public page as a signed-out visitor sees it. */
export async function renderPage(path: string): Promise<RenderedPage> {
  return render(path, signedOutQueryClient());
}

/**
 * Signed-in pages the server renders per person when they are asked for (packages/server/src/app.ts): the
 * first paint is the page itself as the app's first render draws it (the person's own header, navigation
 * and every figure in its loading state), not the loading screen; the app then hydrates it (main.tsx).
 */
export const PERSONAL_PAGES = [{ path: '/dashboard' }] as const;

/**
 * A personal page for `me` (who the session cookie says is asking), or null where the app
 * would send them elsewhere (a pending or blocked account): they get the loading screen, and the app moves
 * them on. `timeZone` is the one their browser told the server (the greeting says the time of their day);
 * the page carries it, and the browser hydrates in it.
 */
export async function renderPersonalPage(
  path: string,
  me: Me,
  timeZone: string,
): Promise<RenderedPage | null> {
  if (protectedRedirect(path, me) !== null) return null;
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, me);
  try {
    return await render(path, queryClient, timeZone);
  } finally {
    queryClient.clear();
  }
}

/**
 * What a page without prerendered markup shows until the app has started: the app's own loading screen, so
 * a signed-in page paints at once instead of staying blank while its scripts load and run. The app replaces
 * it on its first render (main.tsx: a #root marked `data-loading` is rendered afresh, not hydrated).
 */
export function renderLoadingScreen(): string {
  return renderToString(<FullPageLoader />);
}
