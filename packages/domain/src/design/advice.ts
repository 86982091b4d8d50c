import { DESIGN_STEPS, stepProblems, type DraftForRules } from './wizard';

/**
 * The rules-based form check and recommendations: what the wizard says when no AI text model is
 * configured. Pure: the server passes the catalog's materials and the designers' skills in.
 */

export interface FormIssue {
  field: string;
  level: 'error' | 'suggestion';
  message: string;
}

export interface Recommendation {
  kind: 'material' | 'designer' | 'general' | 'marketing';
  title: string;
  detail: string;
  /** The material's or designer's id when the recommendation names one. */
  refId?: string;
}

export interface MaterialFacts {
  id: number;
  name: string;
  canPlate: boolean;
}

export interface DesignerFacts {
  id: string;
  name: string;
  skills: string[];
}

const words = (text: string | null | undefined) => (text ?? '').toLowerCase();
const mentions = (text: string, terms: readonly string[]) => terms.some((t) => text.includes(t));

const SIZE_WORDS = ['mm', 'size', 'cm', 'inch', 'width', 'wide', 'length', 'long', 'thick'];
const STONE_WORDS = ['stone', 'diamond', 'gem', 'sapphire', 'ruby', 'emerald', 'pearl', 'crystal'];
const PLATING_WORDS = ['plated', 'plating', 'gold-plated', 'rhodium'];
const ENGRAVING_WORDS = ['engrave', 'engraving', 'inscription', 'initials', 'name'];

/** Every problem of the brief (errors) and what would make it clearer (suggestions). */
export function checkDesignForm(draft: DraftForRules, materials: MaterialFacts[]): FormIssue[] {
  const issues: FormIssue[] = [];
  for (const { id } of DESIGN_STEPS) {
    for (const [field, message] of Object.entries(stepProblems(id, draft))) {
      issues.push({ field, level: 'error', message });
    }
  }
  const text = words(draft.description);
  const material = materials.find((m) => m.id === draft.materialId);
  const hasSize = Boolean(draft.widthMm || draft.heightMm || draft.thicknessMm) || mentions(text, SIZE_WORDS);
  if (text && !hasSize && (draft.itemType === 'Ring' || draft.itemType === 'Bracelet')) {
    issues.push({
      field: 'description',
      level: 'suggestion',
      message: `Say the ${draft.itemType === 'Ring' ? 'ring size' : 'wrist size'} or add the dimensions, so the designer can model it to fit.`,
    });
  } else if (text && !hasSize) {
    issues.push({
      field: 'description',
      level: 'suggestion',
      message:
        'Add an approximate size (for example 20 mm wide) so the concept comes out at the right scale.',
    });
  }
  if (mentions(text, STONE_WORDS) && !/\d/.test(text)) {
    issues.push({
      field: 'description',
      level: 'suggestion',
      message: 'Say how many stones and their size (for example one 5 mm round stone).',
    });
  }
  if (material && !material.canPlate && mentions(text, PLATING_WORDS)) {
    issues.push({
      field: 'materialId',
      level: 'suggestion',
      message: `${material.name} cannot be plated. Choose a metal that can, or leave plating out.`,
    });
  }
  if (draft.itemType === 'Earring' && text && !mentions(text, ['pair', 'single', 'both'])) {
    issues.push({
      field: 'description',
      level: 'suggestion',
      message: 'Say whether you want a pair or a single earring.',
    });
  }
  return issues;
}

/** Metals that suit the piece, from the catalog: harder wearing metals first for rings and bracelets. */
function materialRecommendations(draft: DraftForRules, materials: MaterialFacts[]): Recommendation[] {
  const everyday =
    draft.itemType === 'Ring' || draft.itemType === 'Bracelet' || draft.itemType === 'Cufflinks';
  const ranked = [...materials].sort((a, b) => score(b) - score(a));
  function score(m: MaterialFacts) {
    const name = m.name.toLowerCase();
    let s = 0;
    if (name.includes('silver')) s += 2;
    if (name.includes('gold')) s += everyday ? 3 : 2;
    if (name.includes('platinum')) s += everyday ? 3 : 1;
    if (name.includes('brass') || name.includes('bronze')) s += draft.goal === 'sell' ? 2 : 0;
    if (m.id === draft.materialId) s += 1;
    return s;
  }
  return ranked.slice(0, 3).map((m) => ({
    kind: 'material' as const,
    title: m.name,
    detail: everyday
      ? `${m.name} holds up to daily wear on a ${words(draft.itemType) || 'piece'}${m.canPlate ? ' and can be plated' : ''}.`
      : `${m.name} suits a ${words(draft.itemType) || 'piece'}${m.canPlate ? ' and can be plated' : ''}.`,
    refId: String(m.id),
  }));
}

/** Designers whose skills match the item type or the words of the description, best first (at most 3). */
function designerRecommendations(draft: DraftForRules, designers: DesignerFacts[]): Recommendation[] {
  const text = `${words(draft.itemType)} ${words(draft.description)}`;
  return designers
    .map((d) => ({
      d,
      hits: d.skills
        .map((skill) => skill.toLowerCase().replace(/[-_]+/g, ' '))
        .filter((skill) =>
          skill.split(/\W+/).some((w) => w.length > 3 && text.includes(w.replace(/s$/, ''))),
        ),
    }))
    .filter((x) => x.hits.length > 0)
    .sort((a, b) => b.hits.length - a.hits.length || a.d.name.localeCompare(b.d.name))
    .slice(0, 3)
    .map(({ d, hits }) => ({
      kind: 'designer' as const,
      title: d.name,
      detail: `Skilled in ${hits.slice(0, 3).join(', ')}.`,
      refId: d.id,
    }));
}

/** Advice by goal; selling adds marketing strategies. */
function generalRecommendations(draft: DraftForRules): Recommendation[] {
  const text = words(draft.description);
  const out: Recommendation[] = [];
  if (draft.goal === 'gift' && !mentions(text, ENGRAVING_WORDS)) {
    out.push({
      kind: 'general',
      title: 'Add an engraving',
      detail: 'A name, a date or initials inside the piece make a gift personal; add it when you order.',
    });
  }
  if (draft.goal === 'occasion') {
    out.push({
      kind: 'general',
      title: 'Plan the date',
      detail: 'Allow time for design, changes and production: start a project at least six weeks ahead.',
    });
  }
  if (draft.goal === 'sell') {
    out.push(
      {
        kind: 'marketing',
        title: 'Order a sample first',
        detail:
          'Photograph one finished piece before producing the run; real photos sell better than renders.',
      },
      {
        kind: 'marketing',
        title: 'Offer it in two metals',
        detail: 'A silver and a gold-coloured version reach two price points from the same model.',
      },
      {
        kind: 'marketing',
        title: 'Use quantity breaks',
        detail:
          'Production prices drop from 10 pieces on; price your shop listing on a run, not a single piece.',
      },
    );
  }
  out.push({
    kind: 'general',
    title: 'Work with a CAD designer',
    detail:
      'Create a project from the concept you like best and invite a designer to make it manufacturable.',
  });
  return out;
}

/** Product and general recommendations (and marketing strategies when the piece is for sale). */
export function recommendDesign(
  draft: DraftForRules,
  materials: MaterialFacts[],
  designers: DesignerFacts[],
): Recommendation[] {
  return [
    ...materialRecommendations(draft, materials),
    ...designerRecommendations(draft, designers),
    ...generalRecommendations(draft),
  ];
}
