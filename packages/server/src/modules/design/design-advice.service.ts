import { z } from 'zod';
import {
  checkDesignForm,
  recommendDesign,
  stepProblems,
  DESIGN_STEPS,
  type DesignDraftFields,
  type DraftForRules,
  type FormIssue,
  type Recommendation,
} from '@facet/domain/design';
import type { UserRow } from '../accounts/accounts.reads';
import { activePros } from '../accounts/accounts.reads';
import { openDraft, materialsById, type DesignDeps } from './design.shared';

/** What the text model must answer: checked before anything reaches the wizard. */
const aiIssues = z.object({
  issues: z.array(z.object({ field: z.string().max(40), message: z.string().min(1).max(400) })).max(8),
});
const aiRecommendations = z.object({
  recommendations: z
    .array(
      z.object({
        kind: z.enum(['material', 'general', 'marketing']),
        title: z.string().min(1).max(120),
        detail: z.string().min(1).max(600),
      }),
    )
    .max(10),
});

const SYSTEM =
  'You help customers of a custom jewelry manufacturer describe a piece. Answer with one JSON object only.';

export function designAdviceService(deps: DesignDeps) {
  const { db, ai, catalog } = deps;

  /** The open draft with the wizard's unsaved fields over it. */
  async function briefOf(customer: UserRow, unsaved: DesignDraftFields = {}): Promise<DraftForRules> {
    const draft = await openDraft(db, customer.id);
    const defined = Object.fromEntries(Object.entries(unsaved).filter(([, v]) => v !== undefined));
    return {
      category: draft?.category,
      itemType: draft?.itemType,
      materialId: draft?.materialId,
      description: draft?.description,
      goal: draft?.goal as DraftForRules['goal'],
      title: draft?.title,
      widthMm: draft?.widthMm,
      heightMm: draft?.heightMm,
      thicknessMm: draft?.thicknessMm,
      inspirationCount: draft?.inspirationFileIds.length ?? 0,
      ...defined,
    };
  }

  async function facts() {
    const materials = [...(await materialsById(catalog)).values()].map((m) => ({
      id: m.id,
      name: m.name,
      canPlate: m.canPlate,
    }));
    return { materials };
  }

  function describe(brief: DraftForRules, materialName: string | undefined) {
    return JSON.stringify({
      category: brief.category,
      itemType: brief.itemType,
      material: materialName,
      description: brief.description,
      goal: brief.goal,
      title: brief.title,
      widthMm: brief.widthMm,
      heightMm: brief.heightMm,
      thicknessMm: brief.thicknessMm,
    });
  }

  return {
    /**
     * The form check: the rules' errors always; suggestions from the text model when one is configured,
     * from rules otherwise.
     */
    async check(customer: UserRow, unsaved?: DesignDraftFields) {
      const brief = await briefOf(customer, unsaved);
      const { materials } = await facts();
      const ruled = checkDesignForm(brief, materials);
      const errors = ruled.filter((i) => i.level === 'error');
      let issues: FormIssue[] = ruled;
      let source: 'ai' | 'rules' = 'rules';
      if (ai.text) {
        const answer = aiIssues.safeParse(
          await ai.chatJson([
            { role: 'system', content: SYSTEM },
            {
              role: 'user',
              content: `Check this design brief and list what would make it clearer for a CAD designer, as {"issues":[{"field":"description|materialId|title|goal|itemType","message":"..."}]}: ${describe(brief, materials.find((m) => m.id === brief.materialId)?.name)}`,
            },
          ]),
        );
        if (answer.success) {
          source = 'ai';
          issues = [
            ...errors,
            ...answer.data.issues.map((i) => ({
              field: i.field,
              level: 'suggestion' as const,
              message: i.message,
            })),
          ];
        }
      }
      const ready = DESIGN_STEPS.every(({ id }) => Object.keys(stepProblems(id, brief)).length === 0);
      return { source, ready, issues };
    },

    /**
     * Product and general recommendations and marketing strategies: the designers always from their
     * skills; the rest from the text model when configured, from rules over the catalog otherwise.
     */
    async recommendations(customer: UserRow) {
      const brief = await briefOf(customer);
      const { materials } = await facts();
      const designers = (await activePros(db, 'designer')).map(({ user, profile }) => ({
        id: user.id,
        name: `${user.firstName} ${user.lastName ? `${user.lastName[0]}.` : ''}`.trim(),
        skills: [
          ...(profile?.skills ?? []),
          ...(profile?.cadSkills ?? []),
          ...(profile?.softwareSkills ?? []),
        ],
      }));
      const ruled = recommendDesign(brief, materials, designers);
      if (!ai.text) return { source: 'rules' as const, recommendations: ruled };
      const answer = aiRecommendations.safeParse(
        await ai.chatJson([
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content: `Recommend materials (from: ${materials.map((m) => m.name).join(', ')}), general advice and, when the goal is to sell, marketing strategies for this piece, as {"recommendations":[{"kind":"material|general|marketing","title":"...","detail":"..."}]}: ${describe(brief, materials.find((m) => m.id === brief.materialId)?.name)}`,
          },
        ]),
      );
      if (!answer.success) return { source: 'rules' as const, recommendations: ruled };
      const recommendations: Recommendation[] = [
        ...answer.data.recommendations,
        ...ruled.filter((r) => r.kind === 'designer'),
      ];
      return { source: 'ai' as const, recommendations };
    },
  };
}

export type DesignAdviceService = ReturnType<typeof designAdviceService>;
