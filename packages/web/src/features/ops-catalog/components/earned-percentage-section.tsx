import { useState, type FormEvent } from 'react';
import { formatDate } from '@facet/domain/format';
import { Button, EmptyState, Field, Input, Skeleton, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useEarnedPercentage, useSetEarnedPercentage, type EarnedPercentage } from '../api/ops-catalog';
import { ChangeList } from './change-list';

const PERCENT_ERROR = 'Enter a whole number from 0 to 100.';

/** A whole percent typed by staff; null when it is not one from 0 to 100. */
export function parsePercentage(text: string): number | null {
  const clean = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}$/.test(clean)) return null;
  const n = Number(clean);
  return n <= 100 ? n : null;
}

function EarnedForm({ current }: { current: EarnedPercentage }) {
  const [value, setValue] = useState(String(current.percentage));
  const [error, setError] = useState<string | null>(null);
  const save = useSetEarnedPercentage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const percentage = parsePercentage(value);
    if (percentage === null) {
      setError(PERCENT_ERROR);
      return;
    }
    setError(null);
    save.mutate(percentage, {
      onSuccess: (data) => {
        setValue(String(data.percentage));
        toast({
          title: 'Saved',
          description: `Pros now earn ${data.percentage} % of new payments; the change is in the history.`,
        });
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <form className="ops-earned" onSubmit={submit} noValidate aria-label="Earned percentage">
      <p className="ops-muted">
        The pros&apos; share of each payment for their work; the platform keeps the rest. Payments already
        asked for keep the percentage they were made with.{' '}
        {current.isDefault
          ? 'Never set: the default applies.'
          : current.updatedAt
            ? `Last set ${formatDate(current.updatedAt)}.`
            : null}
      </p>
      <Field
        label="Pros' share of a payment (%)"
        hint="A whole number from 0 to 100."
        error={error ?? undefined}
      >
        <Input value={value} onChange={(e) => setValue(e.target.value)} inputMode="numeric" />
      </Field>
      <div>
        <Button type="submit" loading={save.isPending}>
          Save the percentage
        </Button>
      </div>
    </form>
  );
}

/** The earned percentage (the pros' share of a payment) and its history. */
export function EarnedPercentageSection() {
  const earned = useEarnedPercentage();
  return (
    <>
      {earned.isPending ? (
        <div className="ops-stack" aria-label="Loading the earned percentage">
          <Skeleton height="2.75rem" />
        </div>
      ) : earned.isError ? (
        <EmptyState
          title="The earned percentage could not be loaded"
          description={errorMessage(earned.error)}
          action={<Button onClick={() => void earned.refetch()}>Try again</Button>}
        />
      ) : (
        <EarnedForm current={earned.data} />
      )}
      <ChangeList
        entity="earned_percentage"
        id="earned-percentage"
        label="the earned percentage"
        nameOf={() => 'the earned percentage'}
      />
    </>
  );
}
