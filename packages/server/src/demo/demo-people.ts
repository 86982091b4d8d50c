/** Demo designers and service providers with realistic profiles, so browsing has content on a fresh start. */
export interface DemoPro {
  email: string;
  role: 'designer' | 'service';
  firstName: string;
  lastName: string;
  city: string;
  country: string;
  state: string;
  bio: string;
  skills: string[];
  cadSkills: string[];
  softwareSkills: string[];
  serviceTypes: string[];
  portfolioLink: string;
}

const designer = (
  email: string,
  name: [string, string],
  place: [string, string, string],
  bio: string,
  skills: string[],
  cadSkills: string[],
  softwareSkills: string[],
): DemoPro => ({
  email,
  role: 'designer',
  firstName: name[0],
  lastName: name[1],
  city: place[0],
  state: place[1],
  country: place[2],
  bio,
  skills,
  cadSkills,
  softwareSkills,
  serviceTypes: [],
  portfolioLink: `https://portfolio.example/${name[0].toLowerCase()}-${name[1].toLowerCase()}`,
});

const service = (
  email: string,
  name: [string, string],
  place: [string, string, string],
  bio: string,
  serviceTypes: string[],
  skills: string[],
): DemoPro => ({
  email,
  role: 'service',
  firstName: name[0],
  lastName: name[1],
  city: place[0],
  state: place[1],
  country: place[2],
  bio,
  skills,
  cadSkills: [],
  softwareSkills: [],
  serviceTypes,
  portfolioLink: `https://studio.example/${name[0].toLowerCase()}-${name[1].toLowerCase()}`,
});

export const demoPros: DemoPro[] = [
  designer(
    'designer@demo.facet',
    ['Elena', 'Marsh'],
    ['Brooklyn', 'NY', 'US'],
    'Bench jeweler turned CAD designer. Twelve years of engagement rings and stone layouts, from solitaires to hidden halos, always modelled for clean casting and easy setting.',
    ['engagement-rings', 'wedding-bands', 'stone-setting-layout', 'pave-micro-pave'],
    ['nurbs-modeling', 'gem-layout', 'print-ready-files'],
    ['rhino', 'matrixgold', 'keyshot'],
  ),
  designer(
    'designer2@demo.facet',
    ['Tomas', 'Lindqvist'],
    ['Portland', 'OR', 'US'],
    'I sculpt organic, nature-inspired pieces: branches, leaves, waves and animals, finished as watertight models that print and cast without surprises.',
    ['organic-sculpting', 'pendants', 'earrings', 'figurative-miniatures'],
    ['digital-sculpting', 'mesh-repair', 'casting-preparation'],
    ['zbrush', 'blender', 'meshmixer'],
  ),
  designer(
    'designer3@demo.facet',
    ['Amara', 'Okafor'],
    ['Austin', 'TX', 'US'],
    'Signet rings, monograms and heirloom redesigns. I turn family pieces and sketches into precise CAD with engraving-ready surfaces and photoreal renders.',
    ['signet-engraving', 'rings', 'mens-jewelry', 'charms'],
    ['parametric-modeling', 'photorealistic-rendering', 'technical-drawings'],
    ['rhino', 'grasshopper', 'keyshot'],
  ),
  designer(
    'designer4@demo.facet',
    ['Sofia', 'Reyes'],
    ['Miami', 'FL', 'US'],
    'Bridal specialist: halos, three-stone rings and matching bands. I model every prong and gallery for the stone you have, and deliver files your caster can trust.',
    ['engagement-rings', 'wedding-bands', 'stone-setting-layout'],
    ['nurbs-modeling', 'gem-layout', 'resizing-variants'],
    ['matrixgold', 'rhinogold', 'keyshot'],
  ),
  designer(
    'designer5@demo.facet',
    ['Kenji', 'Watanabe'],
    ['Seattle', 'WA', 'US'],
    'Minimal, architectural jewelry. Parametric rings and cuffs generated from a few rules, so a whole collection stays consistent in every size you sell.',
    ['rings', 'bracelets', 'earrings'],
    ['parametric-modeling', 'resizing-variants', 'print-ready-files'],
    ['rhino', 'grasshopper', 'fusion-360'],
  ),
  designer(
    'designer6@demo.facet',
    ['Priya', 'Nair'],
    ['Chicago', 'IL', 'US'],
    'Filigree and temple-inspired pieces with fine, castable detail. I balance delicate looks with wall thicknesses that survive casting and daily wear.',
    ['filigree', 'pendants', 'earrings', 'brooches'],
    ['digital-sculpting', 'casting-preparation', 'technical-drawings'],
    ['zbrush', 'rhino', '3design'],
  ),
  designer(
    'designer7@demo.facet',
    ['Lucas', 'Moreau'],
    ['Denver', 'CO', 'US'],
    "Men's rings, cufflinks and custom band profiles. Tungsten-look inlays, beveled edges and knurling, modelled precisely and rendered for your product pages.",
    ['mens-jewelry', 'cufflinks', 'wedding-bands'],
    ['nurbs-modeling', 'photorealistic-rendering', 'resizing-variants'],
    ['rhino', 'keyshot', 'solidworks'],
  ),
  designer(
    'designer8@demo.facet',
    ['Hannah', 'Becker'],
    ['Minneapolis', 'MN', 'US'],
    'Charm and pendant collections for growing brands. Fast turnaround on families of small pieces, each checked for printability and consistent weight.',
    ['charms', 'pendants', 'bracelets'],
    ['mesh-repair', 'print-ready-files', 'scan-to-cad'],
    ['blender', 'meshmixer', 'materialise-magics'],
  ),
  service(
    'service@demo.facet',
    ['Marco', 'Bellini'],
    ['Providence', 'RI', 'US'],
    'Family casting house since 1987. Lost-wax casting in silver, gold and platinum, with in-house polishing and plating for runs from one piece to a thousand.',
    ['casting', 'polishing-finishing', 'plating'],
    ['sterling-silver', 'gold-10k-18k', 'platinum', 'production-runs'],
  ),
  service(
    'service2@demo.facet',
    ['Grace', 'Kim'],
    ['Los Angeles', 'CA', 'US'],
    'High-resolution castable-resin printing and mold making for jewelers. Same-day prints on most orders and careful support placement on fine details.',
    ['3d-printing', 'mold-making'],
    ['castable-resin', 'small-batch', 'rush-orders'],
  ),
  service(
    'service3@demo.facet',
    ['David', 'Cohen'],
    ['New York', 'NY', 'US'],
    'Diamond District setter: pavé, micro-pavé, channel and bezel settings, plus laser welding and engraving for repairs and personalised finishing.',
    ['stone-setting', 'laser-engraving', 'laser-welding'],
    ['gold-10k-18k', 'platinum', 'small-batch'],
  ),
  service(
    'service4@demo.facet',
    ['Ines', 'Duarte'],
    ['San Francisco', 'CA', 'US'],
    'Photoreal renders and product imagery for jewelry brands: white-background packshots, lifestyle scenes and 360 turntables from your CAD files.',
    ['rendering'],
    ['small-batch', 'international-shipping'],
  ),
];
