import { eq } from 'drizzle-orm';
import type { Membership, MinPieces } from '@facet/domain/catalog';
import {
  generateCube,
  generateTorus,
  generateUvSphere,
  measureMesh,
  writeStlBinary,
} from '@facet/domain/mesh';
import type { Db } from '../../db/client';
import { libraryProducts } from './library.tables';
import type { Storage } from '../../platform/storage';

export interface LibraryDesignSeed {
  slug: string;
  name: string;
  itemType: string;
  description: string;
  membership: Membership;
  minPieces: MinPieces;
  /** The triangle soup in millimetres, made with the domain's generators. */
  mesh: () => Float32Array;
}

/** The designs every installation starts with. */
export const libraryDesigns: readonly LibraryDesignSeed[] = [
  {
    slug: 'classic-band',
    name: 'Classic Band',
    itemType: 'Ring',
    description: 'A comfort band with a round 2 mm profile; inner diameter 17 mm (US size 6½).',
    membership: 'Standard',
    minPieces: { Standard: 1, Pro: 1, Business: 1 },
    mesh: () => generateTorus(9.5, 1, [0, 0, 1], 96, 32),
  },
  {
    slug: 'pearl-bead',
    name: 'Pearl Bead Charm',
    itemType: 'Charm',
    description: 'A round 8 mm bead for charm bracelets and drop earrings.',
    membership: 'Standard',
    minPieces: { Standard: 10, Pro: 5, Business: 1 },
    mesh: () => generateUvSphere(4, [0, 0, 4], 24, 48),
  },
  {
    slug: 'wide-band',
    name: 'Wide Statement Band',
    itemType: 'Ring',
    description: 'A bold 3 mm band with an inner diameter of 18 mm (US size 8).',
    membership: 'Pro',
    minPieces: { Standard: 25, Pro: 5, Business: 2 },
    mesh: () => generateTorus(10.5, 1.5, [0, 0, 1.5], 96, 32),
  },
  {
    slug: 'block-pendant',
    name: 'Block Pendant',
    itemType: 'Pendant',
    description: 'A solid 10 mm cube pendant, ready for a bail and chain.',
    membership: 'Business',
    minPieces: { Standard: 50, Pro: 20, Business: 10 },
    mesh: () => generateCube(10, [0, 0, 0], 2),
  },
];

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Idempotent: a design already stored (row and file) is left as it is; a missing row is added and a
 * missing file is written again as binary STL from the design's generator.
 */
export async function seedLibrary(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  for (const [sort, design] of libraryDesigns.entries()) {
    const [row] = await db
      .select()
      .from(libraryProducts)
      .where(eq(libraryProducts.slug, design.slug))
      .limit(1);
    if (row && (await storage.head(row.storageKey))) continue;
    const positions = design.mesh();
    const bytes = writeStlBinary(positions, `Facet library ${design.slug}`);
    const storageKey = row?.storageKey ?? `library/${design.slug}.stl`;
    await storage.put(storageKey, bytes);
    if (row) {
      await db
        .update(libraryProducts)
        .set({ sizeBytes: bytes.byteLength })
        .where(eq(libraryProducts.id, row.id));
      continue;
    }
    const { sizeMm } = measureMesh(positions);
    await db
      .insert(libraryProducts)
      .values({
        slug: design.slug,
        name: design.name,
        itemType: design.itemType,
        description: design.description,
        membership: design.membership,
        minPieces: design.minPieces,
        sizeMm: { x: round2(sizeMm.x), y: round2(sizeMm.y), z: round2(sizeMm.z) },
        fileName: `${design.slug}.stl`,
        storageKey,
        sizeBytes: bytes.byteLength,
        sort,
      })
      .onConflictDoNothing({ target: libraryProducts.slug });
  }
}
