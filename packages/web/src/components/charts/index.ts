export { CHART, ChartFrame, TooltipText, quietAxis, useChart } from './chart-kit';
export type { ChartState } from './chart-kit';
