import {
  accountMessages,
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  changePasswordInputSchema,
  checkAvatarFile,
  createProfileUpdateSchema,
  onboardingAnswersSchema,
} from '@facet/domain/rules';
import { geo } from '../geo/geo.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { AppError } from '../../platform/errors';
import { requireUser } from '../../platform/auth';
import { contentMatchesName } from '../../platform/files/content-check';
import { bytesOf, readUpload } from '../../platform/files/upload';
import { errorReply, userReply } from './accounts.contract';

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
      const chooseImage = () => new AppError('validation_failed', 'Choose an image to upload.', 400);
      const tooLarge = () =>
        new AppError('file_too_large', accountMessages.avatarTooLarge, 413, {
          avatar: accountMessages.avatarTooLarge,
        });
      const { files } = await readUpload(request, {
        field: 'avatar',
        max: 1,
        maxBytes: AVATAR_MAX_BYTES,
        notMultipart: chooseImage,
        receive: async (file) => ({
          name: file.name,
          bytes: await bytesOf(file.stream, AVATAR_MAX_BYTES, tooLarge),
        }),
      });
      const part = files[0];
      if (!part) throw chooseImage();
      const { bytes } = part;
      const problem =
        checkAvatarFile({ name: part.name, size: bytes.byteLength }) ??
        ((await contentMatchesName(part.name, bytes, AVATAR_EXTENSIONS))
          ? null
          : accountMessages.avatarUnsupported);
      if (problem) throw new AppError('validation_failed', problem, 400, { avatar: problem });
      return { user: await accounts.setAvatar(user, { name: part.name, bytes }) };
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
    '/api/me/questions',
    {
      schema: {
        tags: ['account'],
        summary:
          'Answer the onboarding questions after sign-up (customers): the answers replace earlier ones and the profile banner goes',
        body: z.object({ answers: onboardingAnswersSchema.min(1, 'Answer at least one question.') }),
        response: replies({ 200: userReply, 400: errorReply, 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.role !== 'customer')
        throw new AppError('forbidden', 'Only customers answer these questions.', 403);
      const answers = await app.ctx.onboarding.checkAnswers(request.body.answers);
      return { user: await accounts.answerQuestions(user, answers) };
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
