import { Readable } from 'node:stream';
import { writeStlBinary } from '@facet/domain/mesh';
import {
  generateParametric,
  parametricFileName,
  toTriangleSoup,
  type ParametricFacts,
  type ParametricInput,
} from '@facet/domain/parametric';
import type { ModelsService } from '../models/models.service';
import type { ModelView } from '../models/models.contract';

/**
 * Pieces the server generates from parameters (decision 029): the domain's generator makes the mesh, it is
 * stored as a binary STL through the models service and analysed exactly like an upload, so pricing, the
 * cart and projects take it like any model. The parameters stay on the model (`parametric`).
 */
export function parametricService(deps: { models: ModelsService }) {
  return {
    async create(
      owner: { id: string },
      input: ParametricInput,
    ): Promise<{ model: ModelView; facts: ParametricFacts; pending: boolean; ms?: number }> {
      const { mesh, facts } = generateParametric(input);
      const stl = writeStlBinary(toTriangleSoup(mesh), `Facet ${input.kind}`);
      const done = await deps.models.createFrom(owner, {
        fileName: parametricFileName(input),
        source: Readable.from([Buffer.from(stl.buffer, stl.byteOffset, stl.byteLength)]),
        parametric: { kind: input.kind, params: { ...input.params } },
      });
      return { model: done.model, facts, pending: done.model.status === 'analysing', ms: done.ms };
    },
  };
}

export type ParametricService = ReturnType<typeof parametricService>;
