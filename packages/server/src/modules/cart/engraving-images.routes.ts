import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { contentMatchesName, extensionOf } from '../../platform/files/content-check';
import { sendDownload } from '../../platform/files/download';
import { bytesOf, readUpload } from '../../platform/files/upload';
import { errorReply, fileReply, replies } from '../../platform/openapi';
import { engravingImageUrl } from './cart-lines';
import { engravingImageReply } from './cart.replies';
import { routeId } from '../../platform/route-ids';

/** Pictures a laser engraves: what the configurator offers (spec: laser engraving option text, font, image). */
const ENGRAVING_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
const ENGRAVING_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const UNSUPPORTED = 'An engraving image must be a PNG, JPG or WebP picture.';
const TOO_LARGE = 'An engraving image can be at most 10 MB.';

/**
 * The engraving image of a cart line: the customer uploads it before adding the piece (its id goes with
 * the line's choices), and it stays readable by that customer and the production team for the order.
 */
export const engravingImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { files } = app.ctx;

  app.post(
    '/api/cart/engraving-images',
    {
      schema: {
        tags: ['cart'],
        summary: `Upload an engraving image (multipart field \`image\`: png, jpg, jpeg or webp, at most 10 MB); send its id as choices.laserImageFileId`,
        response: replies({
          201: engravingImageReply,
          400: errorReply,
          401: errorReply,
          403: errorReply,
          413: errorReply,
        }),
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'customer');
      const refuse = (message: string, status = 400) =>
        new AppError(status === 413 ? 'file_too_large' : 'validation_failed', message, status, {
          image: message,
        });
      const choose = () => refuse('Choose an image to upload.');
      const { files: parts } = await readUpload(request, {
        field: 'image',
        max: 1,
        maxBytes: ENGRAVING_IMAGE_MAX_BYTES,
        notMultipart: choose,
        receive: async (file) => ({
          name: file.name,
          bytes: await bytesOf(file.stream, ENGRAVING_IMAGE_MAX_BYTES, () => refuse(TOO_LARGE, 413)),
        }),
      });
      const part = parts[0];
      if (!part) throw choose();
      const named = extensionOf(part.name);
      if (!(ENGRAVING_IMAGE_EXTENSIONS as readonly string[]).includes(named)) throw refuse(UNSUPPORTED);
      if (!(await contentMatchesName(part.name, part.bytes, ENGRAVING_IMAGE_EXTENSIONS))) {
        throw refuse(UNSUPPORTED);
      }
      const row = await files.store({
        ownerId: user.id,
        purpose: 'engraving-image',
        name: part.name,
        bytes: part.bytes,
      });
      return reply
        .status(201)
        .send({ image: { id: row.id, name: row.name, url: engravingImageUrl(row.id) } });
    },
  );

  app.get(
    '/api/engraving-images/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'An engraving image: its customer and the production team (anyone else: not found)',
        params: z.object({ id: routeId('That engraving image') }),
        response: replies({ 200: fileReply('The image inline'), 401: errorReply, 404: errorReply }),
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const row = await files.find(request.params.id);
      if (
        !row ||
        row.purpose !== 'engraving-image' ||
        (row.ownerId !== viewer.id && viewer.role !== 'staff')
      ) {
        throw notFound('That engraving image');
      }
      const stream = await files.open(row);
      if (!stream) throw notFound('That engraving image');
      return sendDownload(reply, { ...row, stream, inline: true, maxAgeSeconds: 3600 });
    },
  );
};
