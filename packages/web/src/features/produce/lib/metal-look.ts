import type { CatalogMaterial, CatalogPlating, Rgb } from './types';

/** How the 3D view paints a piece: a physically based material's colour and surface. */
export type MetalLook = {
  /** CSS hex, sRGB. */
  color: string;
  metalness: number;
  roughness: number;
  clearcoat: number;
};

const hex = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/** Sterling silver's tone, for a material without a colour. */
const FALLBACK_COLOR = '#c9ccd1';

/**
 * Roughness by polish: a mirror (high) polish is smooth, satin is softly rough, matte is rougher still.
 * Read from the polish name, as the catalog has no surface field.
 */
export function finishRoughness(polishName: string | undefined): number {
  const name = (polishName ?? '').toLowerCase();
  if (name.includes('high') || name.includes('mirror')) return 0.08;
  if (name.includes('matte') || name.includes('sand') || name.includes('blast')) return 0.62;
  if (name.includes('brush')) return 0.42;
  if (name.includes('hammer')) return 0.22;
  return 0.34; // satin, the default polish
}

/**
 * The look of a material with a polish and a plating: a plating that applies (the material can plate and
 * it is not None) lends its colour; resins are non-metallic.
 */
export function metalLook(
  material: CatalogMaterial | undefined,
  polishName: string | undefined,
  plating?: CatalogPlating,
): MetalLook {
  const platingColor = material?.canPlate && plating?.color ? rgbToHex(plating.color) : null;
  const base = material?.diffuse ?? (material?.color ? rgbToHex(material.color) : FALLBACK_COLOR);
  if (material?.kind === 'resin') {
    return { color: base, metalness: 0, roughness: 0.55, clearcoat: 0.3 };
  }
  return { color: platingColor ?? base, metalness: 1, roughness: finishRoughness(polishName), clearcoat: 0 };
}
