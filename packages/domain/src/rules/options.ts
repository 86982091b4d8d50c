/**
 * The option lists of the sign-up wizard. Values are stable slugs stored with the account;
 * labels are what people see (designer cards show them as tags).
 */
export type Option = { readonly value: string; readonly label: string };

function options<const T extends readonly (readonly [string, string])[]>(pairs: T) {
  return pairs.map(([value, label]) => ({ value, label })) as {
    [K in keyof T]: { value: T[K][0]; label: T[K][1] };
  };
}

/** Step 1: who is signing up. */
export const roleOptions = options([
  ['customer', 'Customer'],
  ['designer', 'CAD designer'],
  ['service', 'Service provider'],
] as const);

/** Step 3, designers: what they design. */
export const designerSkillOptions = options([
  ['rings', 'Rings'],
  ['engagement-rings', 'Engagement rings'],
  ['wedding-bands', 'Wedding bands'],
  ['pendants', 'Pendants & necklaces'],
  ['earrings', 'Earrings'],
  ['bracelets', 'Bracelets & bangles'],
  ['brooches', 'Brooches & pins'],
  ['cufflinks', 'Cufflinks'],
  ['mens-jewelry', "Men's jewelry"],
  ['signet-engraving', 'Signet rings & engraving'],
  ['stone-setting-layout', 'Stone setting layout'],
  ['pave-micro-pave', 'Pavé & micro-pavé'],
  ['filigree', 'Filigree'],
  ['organic-sculpting', 'Organic sculpting'],
  ['figurative-miniatures', 'Figurative & miniatures'],
  ['charms', 'Charms'],
  ['body-jewelry', 'Body jewelry'],
  ['watch-parts', 'Watch parts'],
] as const);

/** Step 3, designers: CAD techniques. */
export const cadSkillOptions = options([
  ['nurbs-modeling', 'NURBS modeling'],
  ['parametric-modeling', 'Parametric modeling'],
  ['digital-sculpting', 'Digital sculpting'],
  ['mesh-repair', 'Mesh repair & cleanup'],
  ['gem-layout', 'Gem layout & seat cutting'],
  ['print-ready-files', 'Print-ready files (STL/3MF)'],
  ['casting-preparation', 'Casting preparation (sprues, shrinkage)'],
  ['photorealistic-rendering', 'Photorealistic rendering'],
  ['technical-drawings', 'Technical drawings'],
  ['scan-to-cad', '3D scan to CAD'],
  ['resizing-variants', 'Resizing & size variants'],
] as const);

/** Step 4, designers: software they work in, and software they own a licence for. */
export const softwareOptions = options([
  ['rhino', 'Rhino'],
  ['matrixgold', 'MatrixGold'],
  ['rhinogold', 'RhinoGold'],
  ['zbrush', 'ZBrush'],
  ['blender', 'Blender'],
  ['fusion-360', 'Fusion 360'],
  ['jewelcad', 'JewelCAD'],
  ['3design', '3Design'],
  ['meshmixer', 'Meshmixer'],
  ['keyshot', 'KeyShot'],
  ['solidworks', 'SolidWorks'],
  ['grasshopper', 'Grasshopper'],
  ['firestorm', 'Firestorm CAD'],
  ['cinema-4d', 'Cinema 4D'],
  ['materialise-magics', 'Materialise Magics'],
] as const);

/** Step 3, service providers: the services they sell. */
export const serviceTypeOptions = options([
  ['3d-printing', '3D printing (resin & wax)'],
  ['metal-3d-printing', 'Direct metal 3D printing'],
  ['casting', 'Lost-wax casting'],
  ['mold-making', 'Mold making'],
  ['stone-setting', 'Stone setting'],
  ['polishing-finishing', 'Polishing & finishing'],
  ['plating', 'Plating (gold, rhodium)'],
  ['laser-engraving', 'Laser engraving'],
  ['laser-welding', 'Laser welding & repair'],
  ['enameling', 'Enameling'],
  ['rendering', 'Rendering & product photos'],
  ['assembly', 'Assembly & soldering'],
  ['quality-inspection', 'Quality inspection & hallmarking'],
] as const);

/** Step 4, service providers: materials and capabilities. */
export const serviceCapabilityOptions = options([
  ['sterling-silver', 'Sterling silver'],
  ['gold-10k-18k', 'Gold 10k–18k'],
  ['platinum', 'Platinum'],
  ['brass-bronze', 'Brass & bronze'],
  ['titanium-steel', 'Titanium & steel'],
  ['castable-resin', 'Castable resin & wax'],
  ['small-batch', 'One-offs & small batches'],
  ['production-runs', 'Production runs (100+ pieces)'],
  ['rush-orders', 'Rush orders (under 5 days)'],
  ['international-shipping', 'International shipping'],
] as const);

/** Step 3, customers: business or personal. */
export const customerTypeOptions = options([
  ['business', 'Business'],
  ['personal', 'Personal'],
] as const);

/** Step 3, customers: what they want to make. */
export const customerPurposeOptions = options([
  ['one-off-piece', 'A one-off piece for myself'],
  ['gift', 'A gift for someone'],
  ['engagement-wedding', 'Engagement or wedding jewelry'],
  ['redesign-heirloom', 'Redesign an heirloom'],
  ['launch-brand', 'Launch a jewelry brand'],
  ['grow-store', 'New designs for my store'],
  ['production-run', 'Manufacture a collection'],
  ['prototype', 'Prototype a product'],
  ['corporate-merch', 'Corporate or team pieces'],
] as const);

/** The label of a value, or the value itself when the list does not know it. */
export function optionLabel(list: readonly Option[], value: string): string {
  return list.find((o) => o.value === value)?.label ?? value;
}

export function optionValues<const L extends readonly Option[]>(
  list: L,
): [L[number]['value'], ...L[number]['value'][]] {
  return list.map((o) => o.value) as [L[number]['value'], ...L[number]['value'][]];
}

/** The three eligibility items designers and service providers confirm at the end of sign-up. */
export const eligibilityItems = [
  'I am at least 18 years old and able to work as an independent professional.',
  'The portfolio and work I show are my own, or I have the right to show them.',
  'I will keep project communication and payments for Facet projects on Facet.',
] as const;

const everySkillOption: readonly Option[] = [
  ...designerSkillOptions,
  ...cadSkillOptions,
  ...softwareOptions,
  ...serviceTypeOptions,
  ...serviceCapabilityOptions,
];

/** The label of any skill, software, CAD skill, service type or capability value (cards and profiles store values). */
export function skillLabel(value: string): string {
  return optionLabel(everySkillOption, value);
}
