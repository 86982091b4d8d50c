import { CREDITS_PER_GENERATION } from '@facet/domain/design';
import { designAdviceService } from './design-advice.service';
import { designDraftsService } from './design-drafts.service';
import { designGenerationsService } from './design-generations.service';
import { designResultsService } from './design-results.service';
import type { DesignDeps } from './design.shared';

/**
 * The design wizard (`app.ctx.design`): drafts saved step by step, concept images through the AI port
 * (credits taken per generation), the form check and recommendations, results turned into projects.
 * Start reading at the sub-service you need.
 */
export function designService(deps: DesignDeps) {
  return {
    /** What the wizard may offer: whether images can be generated, and their cost in credits. */
    capabilities: () => ({
      imageGeneration: deps.ai.images,
      aiText: deps.ai.text,
      creditsPerGeneration: CREDITS_PER_GENERATION,
    }),
    drafts: designDraftsService(deps),
    generations: designGenerationsService(deps),
    results: designResultsService(deps),
    advice: designAdviceService(deps),
  };
}

export type DesignService = ReturnType<typeof designService>;
export type { DesignDeps };
