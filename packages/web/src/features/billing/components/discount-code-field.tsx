import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { Button, Field, Input } from '../../../components/ui';

/** The server's refusal of a discount code, to show under the field (other errors are shown elsewhere). */
export function discountCodeError(error: unknown): string | null {
  return isApiError(error) && error.code === 'invalid_discount_code' ? error.message : null;
}

/**
 * A discount code and its Apply button (Enter applies too). The code is sent upper-cased, or null when
 * the field is emptied; the server decides whether it applies.
 */
export function DiscountCodeField({
  error,
  onApply,
}: {
  error: string | null;
  onApply: (code: string | null) => void;
}) {
  const [text, setText] = useState('');
  const apply = () => onApply(text.trim() ? text.trim().toUpperCase() : null);
  return (
    <div className="upgrade-code">
      <Field label="Discount code" error={error ?? undefined}>
        <Input
          value={text}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
      </Field>
      <Button variant="secondary" onClick={apply}>
        Apply
      </Button>
    </div>
  );
}
