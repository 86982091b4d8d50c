import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onboardingAnswers, onboardingQuestions } from './onboarding.tables';
import { AppError } from '../../platform/errors';
import { onboardingQuestionsSeed, type SeedQuestion } from './questions.seed';

export interface Question {
  id: string;
  text: string;
  multiple: boolean;
  parentId: string | null;
  triggerAnswerId: string | null;
  answers: { id: string; text: string }[];
  subQuestions: Question[];
}

export function onboardingService(db: Db) {
  async function tree(): Promise<Question[]> {
    const questions = await db.select().from(onboardingQuestions).orderBy(asc(onboardingQuestions.sort));
    const answers = await db.select().from(onboardingAnswers).orderBy(asc(onboardingAnswers.sort));
    const byId = new Map<string, Question>(
      questions.map((q) => [
        q.id,
        {
          id: q.id,
          text: q.text,
          multiple: q.multiple,
          parentId: q.parentId,
          triggerAnswerId: q.triggerAnswerId,
          answers: [],
          subQuestions: [],
        },
      ]),
    );
    for (const a of answers) byId.get(a.questionId)?.answers.push({ id: a.id, text: a.text });
    const roots: Question[] = [];
    for (const q of byId.values()) {
      const parent = q.parentId ? byId.get(q.parentId) : undefined;
      if (parent) parent.subQuestions.push(q);
      else roots.push(q);
    }
    return roots;
  }

  return {
    tree,

    /** Answers must belong to their question, a single-choice question gets one, a sub-question needs its trigger. */
    async checkAnswers(input: { questionId: string; answerIds: string[] }[]) {
      const all = new Map<string, Question>();
      const walk = (qs: Question[]) => qs.forEach((q) => (all.set(q.id, q), walk(q.subQuestions)));
      walk(await tree());
      const chosen = new Set(input.flatMap((a) => a.answerIds));
      const rows: { questionId: string; answerId: string }[] = [];
      for (const entry of input) {
        const question = all.get(entry.questionId);
        const bad = () =>
          new AppError('validation_failed', 'Choose answers from the list', 400, {
            answers: 'Choose answers from the list',
          });
        if (!question) throw bad();
        if (!question.multiple && entry.answerIds.length > 1) throw bad();
        if (question.triggerAnswerId && !chosen.has(question.triggerAnswerId)) throw bad();
        for (const answerId of new Set(entry.answerIds)) {
          if (!question.answers.some((a) => a.id === answerId)) throw bad();
          rows.push({ questionId: question.id, answerId });
        }
      }
      return rows;
    },

    async seed() {
      let sort = 0;
      const insert = async (q: SeedQuestion, parentId: string | null, triggerAnswerId: string | null) => {
        await db
          .insert(onboardingQuestions)
          .values({ id: q.id, text: q.text, multiple: q.multiple, parentId, triggerAnswerId, sort: sort++ })
          .onConflictDoNothing();
        let answerSort = 0;
        for (const a of q.answers) {
          await db
            .insert(onboardingAnswers)
            .values({ id: a.id, questionId: q.id, text: a.text, sort: answerSort++ })
            .onConflictDoNothing();
        }
        for (const sub of q.subQuestions ?? []) await insert(sub, q.id, sub.triggerAnswerId);
      };
      for (const q of onboardingQuestionsSeed) await insert(q, null, null);
    },
  };
}

export type OnboardingService = ReturnType<typeof onboardingService>;
