import { z } from 'zod';
import { MEMBERSHIPS } from '@facet/domain/catalog';
import { routeId } from '../../platform/route-ids';

export const libraryIdParams = z.object({ id: routeId('That design') });

export const libraryAccessReply = z.object({
  allowed: z.boolean().meta({ description: 'The viewer may use the design' }),
  message: z
    .string()
    .nullable()
    .meta({ description: "'Upgrade your membership to use this design!' when not allowed" }),
  minPieces: z.number().meta({ description: "Least pieces per order under the viewer's membership" }),
  minimumText: z
    .string()
    .nullable()
    .meta({ description: "'To access {item} you must order at least {n} pieces' when more than one" }),
});

export const libraryProductReply = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    itemType: z.string(),
    description: z.string(),
    membership: z.enum(MEMBERSHIPS).meta({ description: 'The least membership that may use the design' }),
    sizeMm: z.object({ x: z.number(), y: z.number(), z: z.number() }),
    access: libraryAccessReply,
  })
  .meta({ id: 'LibraryProduct' });
export type LibraryProductView = z.infer<typeof libraryProductReply>;

export const libraryReply = z.object({
  membership: z.enum(MEMBERSHIPS).meta({ description: "The viewer's membership" }),
  products: z.array(libraryProductReply),
});
