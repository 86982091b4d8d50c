import { lazy } from 'react';

// the charts (visx) load only on the dashboard, and only once a chart is near the screen
const charts = () => import('./charts');
export const MoneyChart = lazy(() => charts().then((m) => ({ default: m.MoneyChart })));
export const OffersChart = lazy(() => charts().then((m) => ({ default: m.OffersChart })));
export const RatingChart = lazy(() => charts().then((m) => ({ default: m.RatingChart })));
export const CountsChart = lazy(() => charts().then((m) => ({ default: m.CountsChart })));
