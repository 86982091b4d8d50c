import { useId } from 'react';

/** A solitaire ring drawn in SVG: champagne-gold band, a brilliant stone, a few glints. Decorative. */
export function RingArt({ className }: { className?: string }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg className={className} viewBox="0 0 400 400" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-halo`} cx="50%" cy="45%" r="55%">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.6" stopColor="#f6efe1" />
          <stop offset="1" stopColor="#ebe3d6" />
        </radialGradient>
        <linearGradient id={`${id}-band`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f7e9c6" />
          <stop offset="0.35" stopColor="#d8bb7e" />
          <stop offset="0.65" stopColor="#9c7a3a" />
          <stop offset="1" stopColor="#e8d4a4" />
        </linearGradient>
        <linearGradient id={`${id}-band-inner`} x1="1" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8a6a2f" />
          <stop offset="1" stopColor="#c9a96a" />
        </linearGradient>
        <linearGradient id={`${id}-stone`} x1="0" y1="0" x2="0.6" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.5" stopColor="#e6eef5" />
          <stop offset="1" stopColor="#b9cadb" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="200" r="180" fill={`url(#${id}-halo)`} />
      <circle cx="200" cy="200" r="180" fill="none" stroke="#e4dccf" />
      <circle cx="200" cy="200" r="150" fill="none" stroke="#e9dbbd" strokeDasharray="2 6" />
      {/* band: back half, then front half over the stone's base */}
      <path d="M95 262a105 50 0 0 1 210 0" fill="none" stroke={`url(#${id}-band-inner)`} strokeWidth="14" />
      {/* prongs */}
      <path
        d="M160 176l10 38M240 176l-10 38M186 180l4 34M214 180l-4 34"
        stroke="#b8974f"
        strokeWidth="5"
        strokeLinecap="round"
      />
      {/* the stone: crown and pavilion with facet lines */}
      <path
        d="M140 170 162 146h76l22 24-60 66Z"
        fill={`url(#${id}-stone)`}
        stroke="#8a99aa"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
      <path
        d="M140 170h120M162 146l14 24 24-24 24 24 14-24M176 170l24 66 24-66M140 170l60 66 60-66M176 170l-14-24M224 170l14-24"
        fill="none"
        stroke="#8a99aa"
        strokeWidth="0.9"
        strokeLinejoin="round"
        opacity="0.8"
      />
      <path d="M166 152h30l-12 14Z" fill="#ffffff" opacity="0.9" />
      <path
        d="M95 262a105 50 0 0 0 210 0"
        fill="none"
        stroke={`url(#${id}-band)`}
        strokeWidth="18"
        strokeLinecap="round"
      />
      <path
        d="M118 282a90 34 0 0 0 100 12"
        fill="none"
        stroke="#fff8e6"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.8"
      />
      {/* glints */}
      <g fill="#c9a96a">
        <path d="M292 118l4 10 10 4-10 4-4 10-4-10-10-4 10-4Z" />
        <path d="M110 120l2.5 6 6 2.5-6 2.5-2.5 6-2.5-6-6-2.5 6-2.5Z" opacity="0.7" />
        <path d="M300 300l2 5 5 2-5 2-2 5-2-5-5-2 5-2Z" opacity="0.6" />
      </g>
    </svg>
  );
}

/** Small line drawings of the four piece types, for category tiles. */
export function PieceIcon({ kind }: { kind: 'ring' | 'necklace' | 'earring' | 'bracelet' }) {
  const common = {
    viewBox: '0 0 64 64',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.6,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    focusable: false,
  };
  switch (kind) {
    case 'ring':
      return (
        <svg {...common}>
          <ellipse cx="32" cy="40" rx="16" ry="14" />
          <path d="M25 22l7-8 7 8-7 6Z" />
          <path d="M25 22h14" />
        </svg>
      );
    case 'necklace':
      return (
        <svg {...common}>
          <path d="M12 10c0 18 8 30 20 30s20-12 20-30" />
          <path d="M32 40v4" />
          <path d="M32 44l-5 6 5 6 5-6Z" />
        </svg>
      );
    case 'earring':
      return (
        <svg {...common}>
          <circle cx="32" cy="12" r="3" />
          <path d="M32 15v8" />
          <path d="M32 23c-7 7-9 14-9 19a9 9 0 0 0 18 0c0-5-2-12-9-19Z" />
        </svg>
      );
    case 'bracelet':
      return (
        <svg {...common}>
          <ellipse cx="32" cy="32" rx="22" ry="12" />
          <ellipse cx="32" cy="32" rx="16" ry="7" />
          <circle cx="32" cy="20" r="2.5" />
        </svg>
      );
  }
}
