/** The onboarding questions tree (wizard step 4 for customers). Sub-questions open when their trigger answer is picked. */
export interface SeedQuestion {
  id: string;
  text: string;
  multiple: boolean;
  answers: { id: string; text: string }[];
  subQuestions?: (SeedQuestion & { triggerAnswerId: string })[];
}

export const onboardingQuestionsSeed: SeedQuestion[] = [
  {
    id: 'q-experience',
    text: 'Have you had a piece of jewelry custom made before?',
    multiple: false,
    answers: [
      { id: 'a-experience-first', text: 'No, this is my first time' },
      { id: 'a-experience-some', text: 'Yes, once or twice' },
      { id: 'a-experience-regular', text: 'Yes, I do it regularly' },
    ],
    subQuestions: [
      {
        id: 'q-experience-how',
        triggerAnswerId: 'a-experience-regular',
        text: 'How do you usually produce your pieces today?',
        multiple: true,
        answers: [
          { id: 'a-how-local', text: 'A local jeweler or workshop' },
          { id: 'a-how-caster', text: 'I send files to a casting house' },
          { id: 'a-how-inhouse', text: 'In-house bench work' },
          { id: 'a-how-overseas', text: 'An overseas manufacturer' },
        ],
      },
    ],
  },
  {
    id: 'q-pieces',
    text: 'What kind of pieces are you planning?',
    multiple: true,
    answers: [
      { id: 'a-pieces-rings', text: 'Rings' },
      { id: 'a-pieces-engagement', text: 'Engagement and wedding rings' },
      { id: 'a-pieces-necklaces', text: 'Necklaces and pendants' },
      { id: 'a-pieces-earrings', text: 'Earrings' },
      { id: 'a-pieces-bracelets', text: 'Bracelets' },
      { id: 'a-pieces-other', text: 'Something else' },
    ],
    subQuestions: [
      {
        id: 'q-pieces-stones',
        triggerAnswerId: 'a-pieces-engagement',
        text: 'Will your ring hold a centre stone?',
        multiple: false,
        answers: [
          { id: 'a-stones-have', text: 'Yes, I already have the stone' },
          { id: 'a-stones-need', text: 'Yes, I need help sourcing one' },
          { id: 'a-stones-none', text: 'No stone' },
        ],
      },
    ],
  },
  {
    id: 'q-volume',
    text: 'How many pieces do you expect to order in a year?',
    multiple: false,
    answers: [
      { id: 'a-volume-one', text: 'Just one or a few' },
      { id: 'a-volume-dozens', text: 'Dozens' },
      { id: 'a-volume-hundreds', text: 'Hundreds or more' },
    ],
    subQuestions: [
      {
        id: 'q-volume-shop',
        triggerAnswerId: 'a-volume-hundreds',
        text: 'Where do you sell?',
        multiple: true,
        answers: [
          { id: 'a-shop-online', text: 'My own online shop' },
          { id: 'a-shop-marketplace', text: 'Marketplaces such as Etsy' },
          { id: 'a-shop-retail', text: 'Retail stores' },
          { id: 'a-shop-wholesale', text: 'Wholesale to other brands' },
        ],
      },
    ],
  },
  {
    id: 'q-start',
    text: 'How would you like to start?',
    multiple: false,
    answers: [
      { id: 'a-start-model', text: 'I have a 3D model ready' },
      { id: 'a-start-sketch', text: 'I have a sketch or photos' },
      { id: 'a-start-idea', text: 'I only have an idea' },
    ],
  },
];
