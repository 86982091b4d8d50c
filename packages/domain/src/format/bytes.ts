/** File sizes as people read them (1 KB = 1024 bytes, 1 MB = 1024 × 1024 bytes, as size limits are stated). */
export type BytesOptions = {
  /**
   * false (the default): one decimal below 10, whole numbers from 10, no trailing '.0': '1.5 KB', '250 MB'.
   * true: fixed decimals per unit, so a list of files lines up: bytes and KB whole ('2 KB'), MB and GB with
   * one decimal ('5.0 MB'); chat attachments show sizes this way.
   */
  fixedDecimals?: boolean;
};

const UNITS = ['KB', 'MB', 'GB'] as const;

/** `512` → `'512 B'`, `1536` → `'1.5 KB'`, `262144000` → `'250 MB'` (or `'2 KB'`, `'250.0 MB'` with fixed decimals). */
export function formatBytes(bytes: number, options: BytesOptions = {}): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  if (options.fixedDecimals) return `${unit === 'KB' ? Math.round(value) : value.toFixed(1)} ${unit}`;
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${unit}`;
}
