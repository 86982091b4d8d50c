import { and, eq } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import { goalLabel } from '@facet/domain/design';
import type { UserRow } from '../accounts/accounts.reads';
import { notFound } from '../../platform/errors';
import { MAX_ITEM_IMAGES } from '../projects/projects.contract';
import { designGenerations, designResults, type DesignBrief } from './design.tables';
import type { DesignDeps } from './design.shared';

const DESIGN_PURPOSES = new Set(['design-image', 'design-inspiration']);

/** The project item's dimensions from the brief (spec defaults: width, height, thickness; mm). */
function dimensionsOf(brief: DesignBrief): Record<string, string>[] {
  const mm = (value: number | null) => (value ? `${value} mm` : '');
  return [{ width: mm(brief.widthMm) }, { height: mm(brief.heightMm) }, { thickness: mm(brief.thicknessMm) }];
}

function descriptionOf(brief: DesignBrief) {
  const goal = goalLabel(brief.goal);
  return [brief.description, '', `Material: ${brief.materialName}.`, goal ? `Goal: ${goal}.` : '']
    .filter((line, i) => line !== '' || i === 1)
    .join('\n')
    .trim();
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

export function designResultsService(deps: DesignDeps) {
  const { db, files, projects } = deps;

  return {
    /** A design image (inspiration or concept) for its owner; anyone else: not found. */
    async openImage(viewer: UserRow, fileId: string) {
      if (!isUuid(fileId)) throw notFound('That image');
      const row = await files.find(fileId);
      if (!row || !DESIGN_PURPOSES.has(row.purpose) || row.ownerId !== viewer.id)
        throw notFound('That image');
      const stream = await files.open(row);
      if (!stream) throw notFound('That image');
      return { row, stream };
    },

    /**
     * A project from a concept: the brief's title, description, item type and dimensions, with the
     * concept image and the inspiration images as the item's images. Asked again, the same project.
     */
    async createProject(customer: UserRow, resultId: string) {
      if (!isUuid(resultId)) throw notFound('That design');
      const [found] = await db
        .select({ result: designResults, generation: designGenerations })
        .from(designResults)
        .innerJoin(designGenerations, eq(designGenerations.id, designResults.generationId))
        .where(and(eq(designResults.id, resultId), eq(designResults.customerId, customer.id)));
      if (!found) throw notFound('That design');
      if (found.result.projectId) {
        const existing = await projects.detail(customer, found.result.projectId).catch(() => null);
        if (existing) return { project: existing, created: false };
      }
      const { brief } = found.generation;
      const created = await projects.create(customer, {
        title: brief.title,
        description: descriptionOf(brief),
        projectType: 'single-item',
        items: [
          {
            title: brief.title,
            category: brief.category,
            itemType: brief.itemType,
            description: descriptionOf(brief),
            dimensions: dimensionsOf(brief),
            tags: ['AI concept'],
          },
        ],
      });
      const itemId = created.items[0]!.id;
      const imageIds = [found.result.fileId, ...brief.inspirationFileIds].slice(0, MAX_ITEM_IMAGES);
      for (const fileId of imageIds) {
        const row = await files.find(fileId);
        if (!row || row.ownerId !== customer.id) continue;
        const stream = await files.open(row);
        if (!stream) continue;
        await projects.addItemImage(customer, itemId, { name: row.name, bytes: await readAll(stream) });
      }
      await db.update(designResults).set({ projectId: created.id }).where(eq(designResults.id, resultId));
      return { project: await projects.detail(customer, created.id), created: true };
    },
  };
}

export type DesignResultsService = ReturnType<typeof designResultsService>;
