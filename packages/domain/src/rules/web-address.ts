/**
 * Web addresses as people type them: `mystudio.com`, `www.mystudio.com/rings`, `https://mystudio.com`.
 * Social fields also take a handle: `@mystudio`, `my.studio_1`.
 */
const WEB_ADDRESS =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const HANDLE = /^@?[a-z0-9._]{1,50}$/i;

export function isWebAddress(value: string): boolean {
  return value.length <= 300 && WEB_ADDRESS.test(value.trim());
}

/** Adds `https://` to a bare domain; leaves an address with a scheme as it is. */
export function normalizeWebAddress(value: string): string {
  const v = value.trim();
  return /^https?:\/\//i.test(v) ? v : `https://${v}`;
}

/** `@jane`, `jane.doe`, `studio_42`: no scheme, no slash, no `www.`. */
export function isSocialHandle(value: string): boolean {
  const v = value.trim();
  return HANDLE.test(v) && !/^www\./i.test(v);
}

/** A handle or a link. Handles are kept as typed (trimmed); links get `https://`. */
export function isSocialProfile(value: string): boolean {
  return isSocialHandle(value) || isWebAddress(value);
}

export function normalizeSocialProfile(value: string): string {
  const v = value.trim();
  return isSocialHandle(v) ? v : normalizeWebAddress(v);
}
