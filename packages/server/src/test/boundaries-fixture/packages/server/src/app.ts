// A fixture for boundaries.test.ts: the HTTP server's builder, which the operator's command must not import.
export const buildApp = () => 'server';
