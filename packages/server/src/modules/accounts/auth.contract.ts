import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages, PORTFOLIO_MAX_FILE_BYTES, PORTFOLIO_MAX_FILES } from '@facet/domain/rules';
import { AppError } from '../../platform/errors';
import { assertSafeInput } from '../../platform/input-guard';
import { bytesOf, readUpload } from '../../platform/files/upload';
import { SESSION_COOKIE } from './sessions.service';
import type { UploadedFile } from './signup.service';

/**
 * What another way of signing in (the identity module's providers) shares with the accounts' own routes:
 * the session cookie and the sign-up wizard's payload.
 */

export { SESSION_COOKIE, sessionRowId } from './sessions.service';

const tooLarge = () => {
  const message = accountMessages.portfolioFileTooLarge;
  return new AppError('file_too_large', message, 413, { portfolioImages: message });
};

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.ctx.config.cookieSecure,
    expires: session.expiresAt,
  });
}

/** The sign-up wizard's payload: JSON, or multipart with `data` and `portfolioImages` files. */
export async function readSignupBody(request: FastifyRequest) {
  let body: unknown = request.body;
  const portfolio: UploadedFile[] = [];
  if (request.isMultipart()) {
    const names = new Set<string>();
    // a file whose name came already is skipped unread (room is left for such duplicates); the first
    // file over the limit is refused before it is read
    const { files, fields } = await readUpload(request, {
      field: 'portfolioImages',
      max: PORTFOLIO_MAX_FILES * 2,
      maxBytes: PORTFOLIO_MAX_FILE_BYTES,
      tooMany: () => new AppError('too_many_files', 'Too many files in one request.', 413),
      receive: async (file): Promise<UploadedFile | null> => {
        if (names.has(file.name)) {
          file.stream.resume();
          return null;
        }
        names.add(file.name);
        if (names.size > PORTFOLIO_MAX_FILES) {
          file.stream.resume();
          const message = accountMessages.portfolioTooManyFiles;
          throw new AppError('validation_failed', message, 400, { portfolioImages: message });
        }
        return { name: file.name, bytes: await bytesOf(file.stream, PORTFOLIO_MAX_FILE_BYTES, tooLarge) };
      },
    });
    portfolio.push(...files.filter((f): f is UploadedFile => f !== null));
    body = undefined;
    if (fields.data !== undefined) {
      try {
        body = JSON.parse(fields.data);
      } catch {
        throw new AppError('invalid_json', 'The sign-up data is not valid JSON.', 400);
      }
      assertSafeInput(body);
    }
  }
  return { body, portfolio };
}
