/** Public build-time settings (VITE_*), read once. Only these reach the browser. */
function url(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const env = {
  helpCenterUrl: url(import.meta.env.VITE_HELP_CENTER_URL, 'https://help.facet.example/'),
  contactUrl: url(import.meta.env.VITE_CONTACT_URL, 'https://help.facet.example/contact'),
  social: {
    instagram: url(import.meta.env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/'),
    pinterest: url(import.meta.env.VITE_PINTEREST_URL, 'https://www.pinterest.com/'),
    facebook: url(import.meta.env.VITE_FACEBOOK_URL, 'https://www.facebook.com/'),
    x: url(import.meta.env.VITE_X_URL, 'https://x.com/'),
  },
} as const;
