import { lazy } from 'react';

// Recharts is a large library: only the dashboard asks for it, and only once its figures are on screen
const charts = () => import('./charts');
export const MoneyChart = lazy(() => charts().then((m) => ({ default: m.MoneyChart })));
export const OffersChart = lazy(() => charts().then((m) => ({ default: m.OffersChart })));
export const RatingChart = lazy(() => charts().then((m) => ({ default: m.RatingChart })));
export const CountsChart = lazy(() => charts().then((m) => ({ default: m.CountsChart })));
