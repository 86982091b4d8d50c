import type { MeshAnalysis } from '@facet/domain/mesh';

/**
 * The analysis of a model file as stored (jsonb), in the file's own units (DESIGN.md section 4): the domain's
 * `MeshAnalysis`, read back loosely — rows analysed before `inconsistentEdges` and `warnings` existed lack them.
 */
export type StoredAnalysis = Omit<MeshAnalysis, 'format' | 'unitGuess' | 'inconsistentEdges' | 'warnings'> & {
  format: string;
  unitGuess: string;
  inconsistentEdges?: number;
  warnings?: string[];
};
