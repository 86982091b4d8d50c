/** Escapes text for HTML (mails, the mailbox and the money path's server-rendered pages). */
export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
