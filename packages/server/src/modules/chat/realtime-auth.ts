import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE, sessionRowId } from '../accounts/auth.contract';
import type { SessionStore } from '../accounts/sessions.service';
import { isBlocked } from '../../platform/auth';
import type { ChatSocket } from './realtime-types';

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** socket.io's `allowRequest`: a page of another site may not open a socket with our cookie. */
export function sameSiteOnly(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
    const origin = req.headers.origin;
    if (!origin) return callback(null, true);
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return callback(null, false);
    }
    callback(null, host === req.headers.host || origin === publicOrigin);
  };
}

/** socket.io middleware: the socket belongs to the session cookie's user, who may not be blocked. */
export function sessionAuth(sessions: SessionStore) {
  return async (socket: ChatSocket, next: (err?: Error) => void) => {
    try {
      const token = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      const user = token ? await sessions.lookup(token) : undefined;
      if (!user || isBlocked(user)) return next(new Error('unauthenticated'));
      socket.data.user = user;
      socket.data.sessionId = sessionRowId(token!);
      next();
    } catch {
      next(new Error('unauthenticated'));
    }
  };
}
