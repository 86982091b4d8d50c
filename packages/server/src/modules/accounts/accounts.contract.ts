import { z } from 'zod';

/** Response shapes of the account calls, for validation of our own replies and the OpenAPI document. */
export const meSchema = z.object({
  id: z.string(),
  role: z.enum(['customer', 'designer', 'service', 'staff']),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'pending', 'hold', 'deactivated']),
  isInactive: z.boolean(),
  blocked: z.boolean(),
  firstTimeLogin: z.boolean(),
  questionsBanner: z.boolean(),
  hasSkippedQuestions: z.boolean(),
  avatarUrl: z.string().nullable(),
  address: z
    .object({
      country: z.string(),
      countryName: z.string(),
      state: z.string(),
      stateName: z.string(),
      city: z.string(),
      street: z.string(),
      zipcode: z.string(),
    })
    .nullable(),
  membership: z.object({ name: z.string() }),
  credits: z.object({ monthly: z.number(), purchased: z.number(), balance: z.number() }),
  cartCount: z.number(),
  profileCompletePercent: z.number(),
});

export const userReply = z.object({ user: meSchema });

/** The API's one error shape. */
export { errorReply } from '../../platform/openapi';
