import { env } from '../../config/env';

const ICONS = {
  instagram: (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.9" fill="currentColor" stroke="none" />
    </svg>
  ),
  pinterest: (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path
        d="M10.6 20.6 12.4 13M10 13.6c-.9-2.9.8-6.1 3.6-6.1 2.2 0 3.4 1.6 3.2 3.5-.2 2.3-1.6 4-3.2 4-1.1 0-1.9-.8-1.6-2"
        strokeLinecap="round"
      />
    </svg>
  ),
  facebook: (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path
        d="M13.2 21v-7.3h2.3l.4-2.7h-2.7V9.4c0-.8.3-1.4 1.4-1.4h1.4V5.7a17 17 0 0 0-2.1-.1c-2 0-3.4 1.2-3.4 3.5V11H8.3v2.7h2.2V21"
        strokeLinejoin="round"
      />
    </svg>
  ),
  x: (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 4l16 16M20 4 13.6 10.4M10.4 13.6 4 20" strokeLinecap="round" />
    </svg>
  ),
};

const LINKS: { key: keyof typeof ICONS; label: string }[] = [
  { key: 'instagram', label: 'Facet on Instagram' },
  { key: 'pinterest', label: 'Facet on Pinterest' },
  { key: 'facebook', label: 'Facet on Facebook' },
  { key: 'x', label: 'Facet on X' },
];

export function SocialLinks() {
  return (
    <ul className="social-links">
      {LINKS.map(({ key, label }) => (
        <li key={key}>
          <a
            className="social-links__link"
            href={env.social[key]}
            target="_blank"
            rel="noreferrer noopener"
            aria-label={label}
          >
            {ICONS[key]}
          </a>
        </li>
      ))}
    </ul>
  );
}
