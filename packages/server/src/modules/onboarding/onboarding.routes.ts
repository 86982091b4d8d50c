import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';

interface QuestionShape {
  id: string;
  text: string;
  multiple: boolean;
  parentId: string | null;
  triggerAnswerId: string | null;
  answers: { id: string; text: string }[];
  subQuestions: QuestionShape[];
}

// named, so the recursion has a component to refer to in the OpenAPI document
const question: z.ZodType<QuestionShape> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      text: z.string(),
      multiple: z.boolean(),
      parentId: z.string().nullable(),
      triggerAnswerId: z.string().nullable(),
      answers: z.array(z.object({ id: z.string(), text: z.string() })),
      subQuestions: z.array(question),
    }),
  )
  .meta({ id: 'OnboardingQuestion' });

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/onboarding/questions',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'The onboarding questions tree (sign-up step 4)',
        response: replies({ 200: z.object({ questions: z.array(question) }) }),
      },
    },
    async () => ({ questions: await app.ctx.onboarding.tree() }),
  );
};
