/** Valid sign-up bodies per role, for tests to vary one field at a time. */
export const customerSignup = (email: string) => ({
  role: 'customer',
  email,
  password: 'Sparkle-2026!',
  fullName: 'Maya Lindgren',
  phone: '4155550199',
  address: { country: 'US', state: 'CA', city: 'Oakland', street: '12 Grand Ave', zipcode: '94612' },
  customerType: 'personal',
  purpose: ['gift'],
  answers: [{ questionId: 'q-experience', answerIds: ['a-experience-first'] }],
  acceptTerms: true,
});

export const designerSignup = (email: string) => ({
  role: 'designer',
  email,
  password: 'Sparkle-2026!',
  fullName: 'Rafael Costa Lima',
  address: { country: 'PT', state: '11', city: 'Lisbon', street: 'Rua Augusta 10', zipcode: '1100-053' },
  skills: ['engagement-rings', 'stone-setting-layout'],
  cadSkills: ['nurbs-modeling'],
  softwareSkills: ['rhino', 'matrixgold'],
  softwareOwn: ['rhino'],
  bio: 'I design engagement rings and bridal sets in Rhino and MatrixGold, modelled for clean casting, easy setting and comfortable everyday wear.',
  portfolioLink: 'rafaelcosta.example',
  eligibility: [true, true, true],
});

export const serviceSignup = (email: string) => ({
  role: 'service',
  email,
  password: 'Sparkle-2026!',
  fullName: 'Ada Brenner',
  address: { country: 'DE', state: 'BE', city: 'Berlin', street: 'Torstrasse 1', zipcode: '10119' },
  serviceTypes: ['casting', 'polishing-finishing'],
  tellWhy: 'We cast for independent jewelers and want steady work from good designs.',
  skills: ['sterling-silver', 'small-batch'],
  eligibility: [true, true, true],
});
