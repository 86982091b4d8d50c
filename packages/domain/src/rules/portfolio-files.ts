import { accountMessages } from './messages';

/** Portfolio files accepted at sign-up (spec section 5), by extension, case-insensitive. */
export const PORTFOLIO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf', 'webp'] as const;
export const PORTFOLIO_MAX_FILES = 20;
export const PORTFOLIO_MAX_FILE_BYTES = 20 * 1024 * 1024;

/** The `accept` attribute for a file picker of portfolio files. */
export const PORTFOLIO_ACCEPT = PORTFOLIO_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** The lower-case extension after the last dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isSupportedPortfolioFile(name: string): boolean {
  return (PORTFOLIO_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export type PortfolioFileLike = { name: string; size?: number };

export type AddPortfolioFilesResult<T extends PortfolioFileLike> = {
  /** the new list: existing files, then the accepted incoming ones in their order */
  files: T[];
  added: T[];
  /** names skipped because a file of that name is already in the list */
  duplicates: string[];
  /** names refused for their type */
  unsupported: string[];
  /** names refused for their size */
  tooLarge: string[];
  /** names left out because the list is full */
  overLimit: string[];
  /** the message to show, or null when nothing was refused (duplicates are skipped silently, as the spec says) */
  message: string | null;
};

/**
 * Adds picked or dropped files to the portfolio list: unsupported types are refused with the spec's message,
 * files whose name is already in the list (or earlier in the same batch) are skipped.
 */
export function addPortfolioFiles<T extends PortfolioFileLike>(
  existing: readonly T[],
  incoming: readonly T[],
): AddPortfolioFilesResult<T> {
  const names = new Set(existing.map((f) => f.name));
  const added: T[] = [];
  const duplicates: string[] = [];
  const unsupported: string[] = [];
  const tooLarge: string[] = [];
  const overLimit: string[] = [];

  for (const file of incoming) {
    if (!isSupportedPortfolioFile(file.name)) {
      unsupported.push(file.name);
    } else if (names.has(file.name)) {
      duplicates.push(file.name);
    } else if (file.size !== undefined && file.size > PORTFOLIO_MAX_FILE_BYTES) {
      tooLarge.push(file.name);
    } else if (existing.length + added.length >= PORTFOLIO_MAX_FILES) {
      overLimit.push(file.name);
    } else {
      names.add(file.name);
      added.push(file);
    }
  }

  const message =
    unsupported.length > 0
      ? accountMessages.portfolioFilesUnsupported
      : tooLarge.length > 0
        ? accountMessages.portfolioFileTooLarge
        : overLimit.length > 0
          ? accountMessages.portfolioTooManyFiles
          : null;

  return { files: [...existing, ...added], added, duplicates, unsupported, tooLarge, overLimit, message };
}

/** Removes the file of that name. */
export function removePortfolioFile<T extends PortfolioFileLike>(files: readonly T[], name: string): T[] {
  return files.filter((f) => f.name !== name);
}

/** Server-side check of an uploaded batch: null when fine, else the message. */
export function checkPortfolioUpload(files: readonly PortfolioFileLike[]): string | null {
  if (files.some((f) => !isSupportedPortfolioFile(f.name))) return accountMessages.portfolioFilesUnsupported;
  if (files.some((f) => f.size !== undefined && f.size > PORTFOLIO_MAX_FILE_BYTES))
    return accountMessages.portfolioFileTooLarge;
  if (files.length > PORTFOLIO_MAX_FILES) return accountMessages.portfolioTooManyFiles;
  return null;
}

/** Avatar images for account settings (contract: jpg, jpeg, png, webp, max 5 MB). */
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function checkAvatarFile(file: PortfolioFileLike): string | null {
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return accountMessages.avatarUnsupported;
  if (file.size !== undefined && file.size > AVATAR_MAX_BYTES) return accountMessages.avatarTooLarge;
  return null;
}
