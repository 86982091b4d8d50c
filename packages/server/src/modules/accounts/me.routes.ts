import {
  accountMessages,
  changePasswordInputSchema,
  checkAvatarFile,
  createProfileUpdateSchema,
} from '@facet/domain/rules';
import { geo } from '../geo/geo.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { AppError } from '../../platform/errors';
import { requireUser } from '../../platform/auth';
import { contentMatchesName } from '../files/files.service';
import { errorReply, userReply } from './accounts.schemas';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts } = app.ctx;

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in account',
        response: replies({ 200: userReply, 401: errorReply }),
      },
    },
    async (request) => ({ user: await accounts.toMe(requireUser(request)) }),
  );

  app.patch(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Edit name, phone and address',
        body: createProfileUpdateSchema({ hasStates: (country) => geo.states(country).length > 0 }),
        response: replies({ 200: userReply, 400: errorReply, 401: errorReply }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      if (user.role === 'customer' && body.phone === null) {
        throw new AppError('validation_failed', accountMessages.phoneRequired, 400, {
          phone: accountMessages.phoneRequired,
        });
      }
      return { user: await accounts.updateProfile(user, body) };
    },
  );

  app.put(
    '/api/me/avatar',
    {
      schema: {
        tags: ['account'],
        summary: 'Replace the avatar image (multipart field `avatar`: jpg, jpeg, png or webp, at most 5 MB)',
        response: replies({ 200: userReply, 400: errorReply, 401: errorReply }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw new AppError('validation_failed', 'Choose an image to upload.', 400);
      const part = await request.file({ limits: { fileSize: 5 * 1024 * 1024 + 1 } });
      if (!part || part.fieldname !== 'avatar')
        throw new AppError('validation_failed', 'Choose an image to upload.', 400);
      const bytes = new Uint8Array(await part.toBuffer());
      const problem =
        checkAvatarFile({ name: part.filename, size: bytes.byteLength }) ??
        (contentMatchesName(part.filename, bytes) ? null : accountMessages.avatarUnsupported);
      if (problem) throw new AppError('validation_failed', problem, 400, { avatar: problem });
      return { user: await accounts.setAvatar(user, { name: part.filename, bytes }) };
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change password (other sessions end)',
        body: changePasswordInputSchema,
        response: replies({ 204: z.null(), 400: errorReply, 401: errorReply }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await accounts.changePassword(
        user,
        request.body.currentPassword,
        request.body.newPassword,
        request.sessionToken,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/questions/skip',
    {
      schema: {
        tags: ['account'],
        summary: 'Hide the profile-completeness banner',
        response: replies({ 204: z.null(), 401: errorReply }),
      },
    },
    async (request, reply) => {
      await accounts.skipQuestions(requireUser(request));
      return reply.status(204).send(null);
    },
  );
};
