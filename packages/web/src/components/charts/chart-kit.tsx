import type { ReactNode } from 'react';
import { useParentSize } from '@visx/responsive';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import './charts.css';

/**
 * The pieces every chart shares (visx, decision 050): the frame that measures its width and holds the SVG
 * and its tooltip, the palette, the axes' look and a legend. A chart is drawn for sighted readers only
 * (`aria-hidden`); its numbers are in a table beside it.
 */

export const CHART = {
  inkMuted: '#64616c',
  inkSoft: '#3f3d47',
  line: '#e4dccf',
  gold: '#c9a96a',
  goldDeep: '#7d5f24',
  goldPale: '#e9dbbd',
  hover: '#f6efe1',
  font: 12,
} as const;

/** Axis props for a quiet axis: no tick marks, muted labels. */
export const quietAxis = {
  stroke: CHART.line,
  hideTicks: true,
  tickLabelProps: { fill: CHART.inkMuted, fontSize: CHART.font, fontFamily: 'inherit' },
} as const;

/** Only the width is followed: the height is the chart's own, the position does not matter. */
const IGNORED: ('height' | 'top' | 'left')[] = ['height', 'top', 'left'];

/**
 * A chart's width (its container's, measured; `initialWidth` until then, where nothing can be measured) and
 * its tooltip's state. The first measurement applies at once (not after the debounce), so a phone never
 * paints the initial width.
 */
export function useChart<Datum>(initialWidth = 520) {
  const { parentRef, width } = useParentSize({
    initialSize: { width: initialWidth },
    ignoreDimensions: IGNORED,
    debounceTime: 50,
    enableDebounceLeadingCall: true,
  });
  const tooltip = useTooltip<Datum>();
  return { parentRef, width, tooltip };
}

export type ChartState<Datum> = ReturnType<typeof useChart<Datum>>;

/** The chart's box: the SVG at the measured width and the tooltip over it. */
export function ChartFrame<Datum>({
  chart,
  height,
  renderTooltip,
  children,
  legend,
  className,
}: {
  chart: ChartState<Datum>;
  height: number;
  renderTooltip: (datum: Datum) => ReactNode;
  children: ReactNode;
  legend?: { label: string; colour: string; shape?: 'dot' | 'line' }[];
  className?: string;
}) {
  const { parentRef, width, tooltip } = chart;
  return (
    <div className={className ?? 'chart'} aria-hidden="true">
      <div ref={parentRef} className="chart__plot" style={{ height }}>
        {width > 0 ? (
          <svg width={width} height={height} onPointerLeave={tooltip.hideTooltip}>
            {children}
          </svg>
        ) : null}
        {tooltip.tooltipOpen && tooltip.tooltipData !== undefined ? (
          <TooltipWithBounds
            left={tooltip.tooltipLeft}
            top={tooltip.tooltipTop}
            className="chart__tooltip"
            unstyled
            applyPositionStyle
          >
            {renderTooltip(tooltip.tooltipData)}
          </TooltipWithBounds>
        ) : null}
      </div>
      {legend ? (
        <ul className="chart__legend">
          {legend.map((item) => (
            <li key={item.label}>
              <span
                className={item.shape === 'line' ? 'chart__key chart__key--line' : 'chart__key'}
                style={{ background: item.colour }}
              />
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A tooltip's text: a heading line and value lines. */
export function TooltipText({ title, lines }: { title: string; lines: ReactNode[] }) {
  return (
    <>
      <strong className="chart__tooltip-title">{title}</strong>
      {lines.map((line, i) => (
        <span key={i} className="chart__tooltip-line">
          {line}
        </span>
      ))}
    </>
  );
}
