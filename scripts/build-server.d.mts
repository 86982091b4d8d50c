/** The compiled server's folder: packages/server/dist. */
export const SERVER_DIST: string;
/** True when the bundle is missing or a server or domain source is newer than it. */
export function serverBundleStale(): boolean;
/** Rebuilds the bundle when it is missing or stale. */
export function ensureServerBundle(): Promise<void>;
/** Bundles the server, its analysis worker and the operator's command; false without esbuild. */
export function buildServer(): Promise<boolean>;
