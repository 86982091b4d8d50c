import { useFormContext, useWatch } from 'react-hook-form';
import type { OnboardingQuestion } from '../api/get-onboarding-questions';
import { isQuestionShown } from '../lib/signup-form';
import type { SignupFormValues } from '../lib/signup-form';

type QuestionProps = { question: OnboardingQuestion; depth: number };

function Question({ question, depth }: QuestionProps) {
  const { control, setValue, getValues } = useFormContext<SignupFormValues>();
  const answers = useWatch({ control, name: 'answers' }) ?? {};
  if (!isQuestionShown(question, answers)) return null;
  const chosen = answers[question.id] ?? [];
  const inputName = `question-${question.id}`;

  function choose(answerId: string, checked: boolean) {
    const current = getValues('answers') ?? {};
    const before = current[question.id] ?? [];
    const next = question.multiple
      ? checked
        ? [...before.filter((id) => id !== answerId), answerId]
        : before.filter((id) => id !== answerId)
      : checked
        ? [answerId]
        : [];
    setValue('answers', { ...current, [question.id]: next }, { shouldDirty: true });
  }

  return (
    <fieldset className="question" data-depth={depth}>
      <legend className="question__text">
        {question.text}
        {question.multiple ? <span className="question__hint"> Choose any that apply.</span> : null}
      </legend>
      <div className="question__answers">
        {question.answers.map((answer) => {
          const id = `${inputName}-${answer.id}`;
          const isOn = chosen.includes(answer.id);
          return (
            <label key={answer.id} htmlFor={id} className={isOn ? 'answer answer--on' : 'answer'}>
              <input
                id={id}
                type={question.multiple ? 'checkbox' : 'radio'}
                name={inputName}
                value={answer.id}
                checked={isOn}
                onChange={(e) => choose(answer.id, e.currentTarget.checked)}
              />
              <span>{answer.text}</span>
            </label>
          );
        })}
      </div>
      {question.subQuestions.length > 0 ? (
        <div className="question__subs">
          {question.subQuestions.map((sub) => (
            <Question key={sub.id} question={sub} depth={depth + 1} />
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The onboarding questions; a sub-question appears when its trigger answer is chosen. */
export function QuestionsTree({ questions }: { questions: readonly OnboardingQuestion[] }) {
  return (
    <div className="questions-tree">
      {questions.map((q) => (
        <Question key={q.id} question={q} depth={0} />
      ))}
    </div>
  );
}
