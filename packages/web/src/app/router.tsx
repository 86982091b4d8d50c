import type { ComponentType } from 'react';
import { Navigate, ScrollRestoration, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/status/pages/route-error-page';
import { AppLayout, FullPageLoader } from './app-layout';
import { AuthProvider } from './auth';
import { ProtectedRoute } from './protected-route';
import { StaffRoute } from './staff-route';

/** Code-splits a page: the route loads its module on first visit and renders the named export. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const loginPage = (portal: 'customer' | 'designer' | 'service' | 'staff') =>
  page(
    () => import('../features/auth/pages/login-page'),
    ({ LoginPage }) =>
      function PortalLoginPage() {
        return <LoginPage portal={portal} />;
      },
  );

function Root() {
  return (
    <AuthProvider>
      <AppLayout />
      <ScrollRestoration />
    </AuthProvider>
  );
}

/** Public routes (spec section 2). */
const publicRoutes: RouteObject[] = [
  { path: '/login-user', lazy: loginPage('customer') },
  { path: '/login-designer', lazy: loginPage('designer') },
  { path: '/login-service', lazy: loginPage('service') },
  { path: '/login-staff', lazy: loginPage('staff') },
  {
    index: true,
    lazy: page(
      () => import('../features/marketing/pages/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: '/explore',
    lazy: page(
      () => import('../features/marketing/pages/explore-page'),
      (m) => m.ExplorePage,
    ),
  },
  {
    path: '/pricing',
    lazy: page(
      () => import('../features/marketing/pages/pricing-page'),
      (m) => m.PricingPage,
    ),
  },
  {
    path: '/onboarding',
    lazy: page(
      () => import('../features/onboarding/pages/onboarding-page'),
      (m) => m.OnboardingPage,
    ),
  },
  {
    path: '/identity/error',
    lazy: page(
      () => import('../features/identity/pages/identity-error-page'),
      (m) => m.IdentityErrorPage,
    ),
  },
  {
    path: '/identity/link',
    lazy: page(
      () => import('../features/identity/pages/identity-link-page'),
      (m) => m.IdentityLinkPage,
    ),
  },
  {
    path: '/terms-of-service',
    lazy: page(
      () => import('../features/marketing/pages/terms-page'),
      (m) => m.TermsPage,
    ),
  },
];

/** Routes needing a signed-in account; signed out -> '/' (spec section 2), status rules (section 4). */
const protectedRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    lazy: page(
      () => import('../features/dashboard/pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: '/design',
    lazy: page(
      () => import('../features/design/pages/design-page'),
      (m) => m.DesignPage,
    ),
  },
  {
    path: '/design/parametric',
    lazy: page(
      () => import('../features/design/parametric/pages/parametric-page'),
      (m) => m.ParametricPage,
    ),
  },
  {
    path: '/design-results',
    lazy: page(
      () => import('../features/design/pages/design-results-page'),
      (m) => m.DesignResultsPage,
    ),
  },
  {
    path: '/new-design-results',
    lazy: page(
      () => import('../features/design/pages/design-results-page'),
      (m) => m.NewDesignResultsPage,
    ),
  },
  {
    path: '/projects',
    lazy: page(
      () => import('../features/projects/pages/projects-page'),
      (m) => m.ProjectsPage,
    ),
  },
  {
    path: '/projects/:id',
    lazy: page(
      () => import('../features/projects/pages/project-page'),
      (m) => m.ProjectPage,
    ),
  },
  {
    path: '/pending',
    lazy: page(
      () => import('../features/status/pages/pending-page'),
      (m) => m.PendingPage,
    ),
  },
  {
    path: '/no-access',
    lazy: page(
      () => import('../features/status/pages/no-access-page'),
      (m) => m.NoAccessPage,
    ),
  },
  {
    path: '/browse-designers',
    lazy: page(
      () => import('../features/projects/pages/browse-designers-page'),
      (m) => m.BrowseDesignersPage,
    ),
  },
  {
    path: '/produce',
    lazy: page(
      () => import('../features/produce/pages/produce-page'),
      (m) => m.ProducePage,
    ),
  },
  {
    path: '/produce/design',
    lazy: page(
      () => import('../features/produce/pages/produce-library-page'),
      (m) => m.ProduceLibraryPage,
    ),
  },
  {
    path: '/produce/steps',
    lazy: page(
      () => import('../features/produce/pages/produce-steps-page'),
      (m) => m.ProduceStepsPage,
    ),
  },
  {
    path: '/produce/:option',
    lazy: page(
      () => import('../features/produce/pages/produce-option-page'),
      (m) => m.ProduceOptionPage,
    ),
  },
  {
    path: '/cart',
    lazy: page(
      () => import('../features/commerce/pages/cart-page'),
      (m) => m.CartPage,
    ),
  },
  {
    path: '/checkout',
    lazy: page(
      () => import('../features/commerce/pages/checkout-page'),
      (m) => m.CheckoutPage,
    ),
  },
  {
    path: '/success',
    lazy: page(
      () => import('../features/commerce/pages/success-page'),
      (m) => m.SuccessPage,
    ),
  },
  {
    path: '/orders',
    lazy: page(
      () => import('../features/orders/pages/orders-page'),
      (m) => m.OrdersPage,
    ),
  },
  {
    path: '/order-details/:id',
    lazy: page(
      () => import('../features/orders/pages/order-details-page'),
      (m) => m.OrderDetailsPage,
    ),
  },
  {
    path: '/notifications',
    lazy: page(
      () => import('../features/notifications/pages/notifications-page'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: '/designer-dashboard/profile',
    lazy: page(
      () => import('../features/designers/pages/own-profile-page'),
      (m) => m.OwnProfilePage,
    ),
  },
  {
    path: '/profile',
    lazy: page(
      () => import('../features/designers/pages/own-profile-page'),
      (m) => m.OwnProfilePage,
    ),
  },
  {
    path: '/profile/designer/:id',
    lazy: page(
      () => import('../features/designers/pages/designer-profile-page'),
      (m) => m.DesignerProfilePage,
    ),
  },
  {
    path: '/earnings',
    lazy: page(
      () => import('../features/account/pages/earnings-page'),
      (m) => m.EarningsPage,
    ),
  },
  {
    path: '/credits',
    lazy: page(
      () => import('../features/billing/pages/credits-page'),
      (m) => m.CreditsPage,
    ),
  },
  {
    path: '/account-settings',
    lazy: page(
      () => import('../features/account/pages/account-settings-page'),
      (m) => m.AccountSettingsPage,
    ),
  },
];

/** The operations console (issue 15): staff only, its own shell (Catalog and Metal prices from ops-catalog). */
const opsRoutes: RouteObject[] = [
  {
    lazy: page(
      () => import('../features/ops/components/ops-shell'),
      (m) => m.OpsShell,
    ),
    children: [
      { index: true, element: <Navigate to="/ops/people" replace /> },
      {
        path: 'people',
        lazy: page(
          () => import('../features/ops/pages/people-page'),
          (m) => m.OpsPeoplePage,
        ),
      },
      {
        path: 'projects',
        lazy: page(
          () => import('../features/ops/pages/projects-page'),
          (m) => m.OpsProjectsPage,
        ),
      },
      {
        path: 'orders',
        lazy: page(
          () => import('../features/ops/pages/orders-page'),
          (m) => m.OpsOrdersPage,
        ),
      },
      {
        path: 'money',
        lazy: page(
          () => import('../features/ops/pages/money-page'),
          (m) => m.OpsMoneyPage,
        ),
      },
      {
        path: 'catalog',
        lazy: page(
          () => import('../features/ops-catalog'),
          (m) => m.OpsCatalogPage,
        ),
      },
      {
        path: 'metal-prices',
        lazy: page(
          () => import('../features/ops-catalog'),
          (m) => m.MetalPricesPage,
        ),
      },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          { element: <ProtectedRoute />, children: protectedRoutes },
          { path: '/ops', element: <StaffRoute />, children: opsRoutes },
          {
            path: '*',
            lazy: page(
              () => import('../features/status/pages/not-found-page'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
