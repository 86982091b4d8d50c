/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_HELP_CENTER_URL?: string;
  readonly VITE_CONTACT_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_PINTEREST_URL?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_X_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
