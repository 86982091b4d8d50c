import { eq } from 'drizzle-orm';
import { models } from './models.tables';
import { AppError, notFound } from '../../platform/errors';
import { checkContent, IMAGE_EXTENSIONS, SNIFF_BYTES } from '../../platform/files/content-check';
import { THUMBNAIL_MAX_BYTES, modelMessages } from './models.contract';
import { toModelView, type ModelsContext, type Owner } from './models.shared';

/** Model thumbnails: stored files of the one files table, one per model. */
export function modelThumbnailsPart(ctx: ModelsContext) {
  const { db, files, ownModel } = ctx;
  const unsupported = () =>
    new AppError('unsupported_image', modelMessages.thumbnailType, 400, {
      image: modelMessages.thumbnailType,
    });

  return {
    /** Replaces the thumbnail; the bytes must be a PNG, JPG or WEBP image whatever the name says. */
    async setThumbnail(
      owner: Owner,
      id: string,
      image: { name: string; bytes: Uint8Array; source: 'render' | 'custom' },
    ) {
      const row = await ownModel(owner, id);
      if (image.bytes.byteLength > THUMBNAIL_MAX_BYTES) {
        throw new AppError('image_too_large', modelMessages.thumbnailTooLarge, 413, {
          image: modelMessages.thumbnailTooLarge,
        });
      }
      // a name without an extension (a canvas blob) is judged by its bytes alone
      const check = await checkContent(image.name, image.bytes.subarray(0, SNIFF_BYTES), IMAGE_EXTENSIONS, {
        namelessAllowed: true,
      });
      if (!check.ok) throw unsupported();
      const ext = check.extension === 'jpeg' ? 'jpg' : check.extension;
      const file = await files.store({
        ownerId: owner.id,
        purpose: 'model-thumbnail',
        name: `${row.fileName.replace(/\.[^.]+$/, '')}.${ext}`,
        bytes: image.bytes,
        contentType: check.contentType,
        extension: ext,
      });
      const [updated] = await db
        .update(models)
        .set({ thumbnailFileId: file.id, thumbnailSource: image.source, updatedAt: new Date() })
        .where(eq(models.id, row.id))
        .returning();
      if (row.thumbnailFileId) await files.remove([row.thumbnailFileId]);
      return toModelView(updated!);
    },

    async openThumbnail(owner: Owner, id: string) {
      const row = await ownModel(owner, id);
      if (!row.thumbnailFileId) throw notFound('That thumbnail');
      const file = await files.find(row.thumbnailFileId);
      const stream = file ? await files.open(file) : null;
      if (!file || !stream) throw notFound('That thumbnail');
      return { file, stream };
    },
  };
}
