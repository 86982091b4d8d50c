import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const onboardingQuestions = pgTable('onboarding_questions', {
  id: text('id').primaryKey(),
  text: text('text').notNull(),
  multiple: boolean('multiple').notNull().default(false),
  parentId: text('parent_id'),
  triggerAnswerId: text('trigger_answer_id'),
  sort: integer('sort').notNull().default(0),
});

export const onboardingAnswers = pgTable('onboarding_answers', {
  id: text('id').primaryKey(),
  questionId: text('question_id')
    .notNull()
    .references(() => onboardingQuestions.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  sort: integer('sort').notNull().default(0),
});
