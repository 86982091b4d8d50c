import { generateBar } from './bar';
import type { ParametricMesh } from './mesh';
import type { ParametricInput } from './parametric.schema';
import { generateRing } from './ring';
import { describeRingSize } from './ring-sizes';

/** What the customer sees of a generated piece besides its analysis (lengths in mm). */
export interface ParametricFacts {
  innerDiameterMm?: number;
  circumferenceMm?: number;
  usSize?: number;
  euSize?: number;
  closedFormVolumeMm3: number;
}

/** A checked input (see `parametricInputSchema`) to its mesh and facts. */
export function generateParametric(input: ParametricInput): { mesh: ParametricMesh; facts: ParametricFacts } {
  if (input.kind === 'ring') {
    const p = input.params;
    const size = { system: p.sizeSystem, value: p.size };
    const mesh = generateRing({
      size,
      bandWidthMm: p.bandWidthMm,
      thicknessMm: p.thicknessMm,
      profile: p.profile,
    });
    const d = describeRingSize(size);
    return {
      mesh,
      facts: {
        innerDiameterMm: d.innerDiameterMm,
        circumferenceMm: d.circumferenceMm,
        usSize: d.us,
        euSize: d.eu,
        closedFormVolumeMm3: mesh.closedFormVolumeMm3,
      },
    };
  }
  const mesh = generateBar(input.params);
  return { mesh, facts: { closedFormVolumeMm3: mesh.closedFormVolumeMm3 } };
}

/** A file name for the generated piece, e.g. `ring-us-7-flat.stl`. */
export function parametricFileName(input: ParametricInput): string {
  if (input.kind === 'ring') {
    const p = input.params;
    return `ring-${p.sizeSystem}-${p.size}-${p.profile}-${p.bandWidthMm}x${p.thicknessMm}mm.stl`;
  }
  const p = input.params;
  return `bar-${p.lengthMm}x${p.heightMm}x${p.thicknessMm}mm.stl`;
}
