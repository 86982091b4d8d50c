import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@facet/domain/format';
import { errorMessage } from '../../../lib/api-client';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { myCreditsQueryKey, useBuyPack, useMyCredits, usePackPreview, type PackChoice } from '../api/credits';
import { useMemberships } from '../api/memberships';
import { usePaymentReturn } from '../api/payment-return';
import { PaymentNotice } from '../components/payment-notice';
import { DiscountCodeField, discountCodeError } from '../components/discount-code-field';
import { day, formatCredits } from '../components/format';
import '../components/billing.css';

const newKey = () => `credits-${crypto.randomUUID()}`;

function signed(n: number) {
  if (n === 0) return '—';
  return n > 0 ? `+${formatCredits(n)}` : `−${formatCredits(-n)}`;
}

/** /credits: the balance (monthly plus purchased), buying a pack with a discount code, and the history. */
export function CreditsPage() {
  const [params] = useSearchParams();
  const returned = usePaymentReturn(params.get('payment'), [myCreditsQueryKey]);
  const credits = useMyCredits();
  const plans = useMemberships();
  const [pack, setPack] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const preview = usePackPreview(pack, code);
  const buy = useBuyPack();
  const codeError = discountCodeError(preview.error);

  function applyCode(next: string | null) {
    setCode(next);
    setKey(newKey());
  }

  function purchase() {
    if (!pack) return;
    buy.mutate(
      { body: { pack: pack as PackChoice['pack'], ...(code ? { discountCode: code } : {}) }, key },
      { onSuccess: (answer) => window.location.assign(answer.checkoutUrl) },
    );
  }

  const data = credits.data;
  const perGeneration = plans.data?.creditsPerGeneration;
  const perRegeneration = plans.data?.creditsPerRegeneration;
  return (
    <div className="page credits-page">
      <title>Credits · Facet</title>
      <header className="page__header">
        <div>
          <p className="eyebrow">My account</p>
          <h1 className="page__title">Credits</h1>
          <p className="page__lead">
            Credits pay for AI design generations
            {!perGeneration
              ? '.'
              : perGeneration === perRegeneration
                ? `: ${perGeneration} credits a generation or regeneration.`
                : `: ${perGeneration} credits a generation, ${perRegeneration} a regeneration.`}{' '}
            Your monthly credits are used first and reset each period; purchased credits last.
          </p>
        </div>
      </header>
      <div className="credits-page__sections">
        {params.get('payment') ? (
          <PaymentNotice
            payment={returned}
            cancelled={params.get('cancelled') === '1'}
            paidText="Your credits are added."
          />
        ) : null}
        <section className="section-card" aria-labelledby="balance-heading">
          <header className="section-card__header">
            <h2 id="balance-heading">Credit Balance</h2>
            {data ? <p>Monthly credits reset on {day(data.monthlyResetsAt)}.</p> : null}
          </header>
          {credits.isError ? (
            <p className="billing-error" role="alert">
              {errorMessage(credits.error)}{' '}
              <Button variant="ghost" size="sm" onClick={() => void credits.refetch()}>
                Try again
              </Button>
            </p>
          ) : !data ? (
            <Skeleton height="6rem" radius="md" />
          ) : (
            <dl className="credit-figures">
              <div className="credit-figure">
                <dt>Balance</dt>
                <dd data-testid="credit-balance">{formatCredits(data.balance)}</dd>
              </div>
              <div className="credit-figure">
                <dt>Monthly Credits</dt>
                <dd>{formatCredits(data.monthly)}</dd>
              </div>
              <div className="credit-figure">
                <dt>Purchased Credits</dt>
                <dd data-testid="purchased-credits">{formatCredits(data.purchased)}</dd>
              </div>
            </dl>
          )}
        </section>

        <section className="section-card" aria-labelledby="buy-heading">
          <header className="section-card__header">
            <h2 id="buy-heading">Buy credits</h2>
            <p>Purchased credits never expire. You pay on our payment partner’s secure page.</p>
          </header>
          {plans.isError ? (
            <p className="billing-error" role="alert">
              {errorMessage(plans.error)}
            </p>
          ) : !plans.data ? (
            <Skeleton height="6rem" radius="md" />
          ) : (
            <>
              <div className="credit-packs" role="radiogroup" aria-label="Credit packs">
                {plans.data.packs.map((p) => (
                  <label key={p.code} className="credit-pack">
                    <input
                      type="radio"
                      name="pack"
                      value={p.code}
                      checked={pack === p.code}
                      onChange={() => {
                        setPack(p.code);
                        setKey(newKey());
                      }}
                    />
                    <span className="credit-pack__name">{p.name}</span>
                    <span className="credit-pack__price">{formatMoney(p.priceCents)}</span>
                  </label>
                ))}
              </div>
              <DiscountCodeField error={codeError} onApply={applyCode} />
              {preview.data && pack ? (
                <div className="upgrade-summary" aria-live="polite">
                  <div className="upgrade-summary__line">
                    <span>{preview.data.pack.name}</span>
                    <span>{formatMoney(preview.data.listPriceCents)}</span>
                  </div>
                  {preview.data.discountCents > 0 ? (
                    <div className="upgrade-summary__line">
                      <span>Discount {code}</span>
                      <span>−{formatMoney(preview.data.discountCents)}</span>
                    </div>
                  ) : null}
                  <div className="upgrade-summary__line upgrade-summary__line--total">
                    <span>Total</span>
                    <span>{formatMoney(preview.data.amountCents)}</span>
                  </div>
                </div>
              ) : null}
              {buy.error ? (
                <p className="billing-error" role="alert">
                  {errorMessage(buy.error)}
                </p>
              ) : null}
              <div className="billing-actions">
                <Button
                  onClick={purchase}
                  disabled={!pack || !preview.data || Boolean(preview.error) || preview.isFetching}
                  loading={buy.isPending}
                >
                  {preview.data && pack
                    ? `Buy for ${formatMoney(preview.data.amountCents)}`
                    : 'Choose a pack'}
                </Button>
              </div>
            </>
          )}
        </section>

        <section className="section-card" aria-labelledby="history-heading">
          <header className="section-card__header">
            <h2 id="history-heading">History</h2>
          </header>
          {!data ? (
            credits.isError ? null : (
              <Skeleton height="8rem" radius="md" />
            )
          ) : data.history.length === 0 ? (
            <EmptyState title="No credit activity yet" headingLevel="h3" />
          ) : (
            <table className="credit-history">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">What</th>
                  <th scope="col" className="num">
                    Monthly
                  </th>
                  <th scope="col" className="num">
                    Purchased
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.history.map((entry) => (
                  <tr key={entry.id}>
                    <td>{day(entry.createdAt)}</td>
                    <td>{entry.memo}</td>
                    <td className="num">{signed(entry.monthlyDelta)}</td>
                    <td className="num">{signed(entry.purchasedDelta)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </div>
  );
}
