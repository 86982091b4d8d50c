import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../app/auth';
import { api, errorMessage, unwrap } from '../../lib/api-client';
import type { Schemas } from '../../api';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Spinner,
  toast,
} from '../ui';
import './questions-dialog.css';

type Question = Schemas['OnboardingQuestion'];
type Answers = Record<string, string[]>;

const shown = (q: Question, answers: Answers) =>
  !q.parentId || !q.triggerAnswerId || (answers[q.parentId] ?? []).includes(q.triggerAnswerId);

/** The answers of the questions that show, in tree order (hidden sub-questions are left out). */
function collect(questions: readonly Question[], answers: Answers) {
  const out: { questionId: string; answerIds: string[] }[] = [];
  const walk = (qs: readonly Question[]) => {
    for (const q of qs) {
      if (!shown(q, answers)) continue;
      const chosen = answers[q.id] ?? [];
      if (chosen.length) out.push({ questionId: q.id, answerIds: chosen });
      walk(q.subQuestions);
    }
  };
  walk(questions);
  return out;
}

function QuestionFields({
  question,
  answers,
  onChange,
}: {
  question: Question;
  answers: Answers;
  onChange: (questionId: string, answerIds: string[]) => void;
}) {
  if (!shown(question, answers)) return null;
  const chosen = answers[question.id] ?? [];
  return (
    <fieldset className="profile-question">
      <legend className="profile-question__text">
        {question.text}
        {question.multiple ? <span className="profile-question__hint"> Choose any that apply.</span> : null}
      </legend>
      <div className="profile-question__answers">
        {question.answers.map((answer) => {
          const id = `profile-q-${question.id}-${answer.id}`;
          return (
            <label
              key={answer.id}
              htmlFor={id}
              className={chosen.includes(answer.id) ? 'profile-answer profile-answer--on' : 'profile-answer'}
            >
              <input
                id={id}
                type={question.multiple ? 'checkbox' : 'radio'}
                name={`profile-q-${question.id}`}
                checked={chosen.includes(answer.id)}
                onChange={(e) =>
                  onChange(
                    question.id,
                    question.multiple
                      ? e.currentTarget.checked
                        ? [...chosen, answer.id]
                        : chosen.filter((a) => a !== answer.id)
                      : [answer.id],
                  )
                }
              />
              <span>{answer.text}</span>
            </label>
          );
        })}
      </div>
      {question.subQuestions.map((sub) => (
        <QuestionFields key={sub.id} question={sub} answers={answers} onChange={onChange} />
      ))}
    </fieldset>
  );
}

/**
 * The onboarding questions for a customer who skipped them at sign-up (spec utils flag questions_modal),
 * opened from the profile banner's Complete Now; answering hides the banner for good.
 */
export function QuestionsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { setUser } = useAuth();
  const [answers, setAnswers] = useState<Answers>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const questions = useQuery({
    queryKey: ['onboarding', 'questions'],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/onboarding/questions', { signal })).then((r) => r.questions),
    enabled: open,
    staleTime: Infinity,
  });

  async function save() {
    const chosen = collect(questions.data ?? [], answers);
    if (chosen.length === 0) {
      setError('Answer at least one question.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const { user } = await unwrap(api.POST('/api/me/questions', { body: { answers: chosen } }));
      setUser(user);
      onOpenChange(false);
      toast({ title: 'Thank you', description: 'Your profile is complete.' });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Complete your profile</DialogTitle>
          <DialogDescription>
            A few questions so designers and our production team know how to help you.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="questions-dialog">
          {questions.isPending ? <Spinner label="Loading the questions" /> : null}
          {questions.isError ? <p className="field__error">{errorMessage(questions.error)}</p> : null}
          {(questions.data ?? []).map((q) => (
            <QuestionFields
              key={q.id}
              question={q}
              answers={answers}
              onChange={(id, ids) => setAnswers((a) => ({ ...a, [id]: ids }))}
            />
          ))}
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Later
          </Button>
          <Button loading={saving} onClick={() => void save()} disabled={!questions.data}>
            Save answers
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
