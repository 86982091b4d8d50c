import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, CircleCheck, ReceiptText, Truck } from 'lucide-react';
import { formatDate, formatMoney } from '@facet/domain/format';
import { PRODUCTION_LINE, stageByWire } from '@facet/domain/workflow';
import { Button, Card, EmptyState, Spinner, toast } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { ConfirmDialog } from '../../projects/components/confirm-dialog';
import { usePaymentReturn } from '../../billing/api/payment-return';
import { orderKeys, useCancelOrder, useOrder, useOrderUpdates, type Order } from '../api/orders';
import {
  Lateness,
  StageBadge,
  Thumb,
  configurationRows,
  engravingImageOf,
  placed,
  promised,
} from '../components/order-parts';
import '../components/orders.css';

/**
 * The stages a customer follows (the production line), with when each was reached; a cancelled order
 * shows the stages it reached, CANCELLED last. `code` is the stage's number in the API.
 */
function Timeline({ order }: { order: Order }) {
  const reached = new Map(order.stages.map((s) => [s.code, s.at]));
  const codes =
    order.status === 'cancelled' ? order.stages.map((s) => s.code) : PRODUCTION_LINE.map((s) => s.wire);
  return (
    <ol className="order-timeline" aria-label="Production stages">
      {codes.map((code) => {
        const at = reached.get(code);
        const current = code === order.stage;
        return (
          <li
            key={code}
            className={`order-timeline__step${at ? ' order-timeline__step--done' : ''}${current ? ' order-timeline__step--current' : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            <span className="order-timeline__dot" aria-hidden="true" />
            <span className="order-timeline__name">{stageByWire(code)?.label}</span>
            <span className="order-timeline__at">{at ? formatDate(at) : 'Upcoming'}</span>
          </li>
        );
      })}
    </ol>
  );
}

function Items({ order }: { order: Order }) {
  return (
    <ul className="order-items">
      {order.items.map((item) => (
        <li key={item.id} className="order-item">
          <Thumb url={item.thumbnailUrl} size="lg" />
          <div className="order-item__main">
            <h3 className="order-item__title">{item.title}</h3>
            {item.fileName ? <p className="order-item__file">{item.fileName}</p> : null}
            <dl className="order-item__config">
              {configurationRows(item).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
              {engravingImageOf(item) ? (
                <div>
                  <dt>Engraving image</dt>
                  <dd>
                    <a href={engravingImageOf(item)!} target="_blank" rel="noreferrer">
                      <img
                        src={engravingImageOf(item)!}
                        alt="The engraving image"
                        className="order-item__engraving"
                      />
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
            {item.stage !== order.stage && item.stageName ? (
              <p className="order-item__stage">This piece: {item.stageName}</p>
            ) : null}
          </div>
          <div className="order-item__price">
            <span>
              {item.quantity} × {formatMoney(item.unitPriceCents)}
            </span>
            <strong>{formatMoney(item.totalCents)}</strong>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Back from the hosted pay page: processing until the gateway confirms, then the order-placed note. */
function PaymentReturn({
  order,
  paymentId,
  cancelled,
}: {
  order: Order;
  paymentId: string;
  cancelled: boolean;
}) {
  const { payment, confirming } = usePaymentReturn(cancelled ? null : paymentId, [
    orderKeys.detail(order.id),
  ]);
  if (cancelled) {
    return order.status === 'awaiting_payment' ? (
      <div className="order-notice" role="status">
        Payment cancelled. Nothing was charged. <Link to="/checkout">Return to checkout</Link>
      </div>
    ) : null;
  }
  if (payment.data?.status === 'failed' && !confirming && order.status === 'awaiting_payment') {
    return (
      <div className="order-notice order-notice--error" role="alert">
        Your payment did not go through
        {payment.data.failureMessage ? `: ${payment.data.failureMessage}` : '.'}{' '}
        <Link to="/checkout">Try again at checkout</Link>
      </div>
    );
  }
  if (order.status === 'awaiting_payment') {
    return (
      <div className="order-notice" role="status">
        <Spinner label="" /> Processing your payment… This page updates by itself.
      </div>
    );
  }
  return (
    <div className="order-notice order-notice--success" role="status" data-testid="order-placed">
      <CircleCheck aria-hidden="true" />
      <div>
        <strong>Thank you, your order is placed.</strong> We sent a confirmation by email. Follow each stage
        here; the promised date is {promised(order)}.
      </div>
    </div>
  );
}

function Summary({ order }: { order: Order }) {
  const a = order.shippingAddress;
  return (
    <Card tone="outline" className="order-summary">
      <h2 className="order-section__title">Summary</h2>
      <table className="order-summary__lines">
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td>{formatMoney(order.subtotalCents)}</td>
          </tr>
          <tr>
            <td>Shipping ({order.shippingMethod.name})</td>
            <td>{formatMoney(order.shippingCents)}</td>
          </tr>
          <tr className="order-summary__total">
            <td>Total</td>
            <td>{formatMoney(order.totalCents)}</td>
          </tr>
        </tbody>
      </table>
      <h3 className="order-summary__label">Ships to</h3>
      <address className="order-summary__address">
        {a.name}
        <br />
        {a.street}
        <br />
        {a.city}, {a.state} {a.zipcode}
        <br />
        {a.country}
      </address>
      {order.payment?.receiptUrl ? (
        <a
          className="order-summary__receipt"
          href={order.payment.receiptUrl}
          target="_blank"
          rel="noreferrer"
        >
          <ReceiptText aria-hidden="true" />{' '}
          {order.payment.status === 'refunded' ? 'Receipt (refunded)' : 'Receipt'}
        </a>
      ) : null}
    </Card>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(order.id);
  if (!order.cancellable) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this order?"
        description={`Production has not started yet. Your payment of ${formatMoney(order.totalCents)} will be refunded to your card.`}
        confirmLabel="Cancel order"
        danger
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Order cancelled', description: 'Your payment is refunded.' });
            },
            onError: (error) =>
              toast({ title: 'Error!', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      />
    </>
  );
}

/** Promised (or delivered, or cancelled) date, where the order stands, the total. */
function Facts({ order: o }: { order: Order }) {
  const cancelled = o.status === 'cancelled';
  const when = cancelled
    ? { label: 'Cancelled', date: o.cancelledAt }
    : o.deliveredAt
      ? { label: 'Delivered', date: o.deliveredAt }
      : { label: 'Promised date', date: o.promisedDate };
  return (
    <div className="order-facts">
      <div>
        <span className="order-facts__label">{when.label}</span>
        <strong>{when.date ? formatDate(when.date) : '—'}</strong>
      </div>
      <div>
        <span className="order-facts__label">{cancelled ? 'Payment' : 'Status'}</span>
        <strong>
          {cancelled ? (
            o.payment?.status === 'refunded' ? (
              'Refunded'
            ) : (
              'Refund pending'
            )
          ) : (
            <Lateness text={o.lateness} />
          )}
        </strong>
      </div>
      <div>
        <span className="order-facts__label">Total</span>
        <strong>{formatMoney(o.totalCents)}</strong>
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <div className="page">
      <title>Order details · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<ReceiptText />}
        title="We could not find this order"
        description="There is no order with this number on your account."
        action={
          <Button asChild>
            <Link to="/orders">Back to orders</Link>
          </Button>
        }
      />
    </div>
  );
}

export function OrderDetailsPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const paymentId = params.get('payment');
  const cancelled = params.get('cancelled') === '1';
  const order = useOrder(id, Boolean(paymentId) && !cancelled);
  useOrderUpdates();

  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) {
    if (isApiError(order.error) && order.error.status === 404) return <NotFound />;
    return (
      <div className="page">
        <title>Order details · Facet</title>
        <EmptyState
          title="The order could not be loaded"
          description={errorMessage(order.error)}
          action={<Button onClick={() => void order.refetch()}>Try again</Button>}
        />
      </div>
    );
  }
  const o = order.data;
  const shipment = o.shipments.at(-1);
  return (
    <div className="page order-details">
      <title>{`Order #${o.number} · Facet`}</title>
      <Link to="/orders" className="order-details__back">
        <ArrowLeft aria-hidden="true" /> All orders
      </Link>
      {paymentId ? <PaymentReturn order={o} paymentId={paymentId} cancelled={cancelled} /> : null}
      <div className="page__header">
        <div>
          <p className="eyebrow">Order #{o.number}</p>
          <h1 className="page__title">
            {o.itemCount > 1 ? `${o.title} and ${o.itemCount - 1} more` : o.title}
          </h1>
          <p className="page__lead">Placed {placed(o)}</p>
        </div>
        <div className="order-details__actions">
          <StageBadge order={o} />
          <CancelOrder order={o} />
        </div>
      </div>

      {o.status !== 'awaiting_payment' ? <Facts order={o} /> : null}

      <div className="order-details__grid">
        <div className="order-details__main">
          {o.status !== 'awaiting_payment' ? (
            <section aria-labelledby="timeline-title">
              <h2 id="timeline-title" className="order-section__title">
                Production
              </h2>
              <Timeline order={o} />
            </section>
          ) : null}
          {shipment ? (
            <section className="order-shipment" aria-label="Shipment">
              <Truck aria-hidden="true" />
              <div>
                Shipped with <strong>{shipment.carrier}</strong> on {formatDate(shipment.at)}
                <br />
                Tracking number <strong data-testid="tracking-number">{shipment.trackingNumber}</strong>
              </div>
            </section>
          ) : null}
          <section aria-labelledby="items-title">
            <h2 id="items-title" className="order-section__title">
              {o.itemCount === 1 ? 'Item' : `Items (${o.itemCount})`}
            </h2>
            <Items order={o} />
          </section>
        </div>
        <Summary order={o} />
      </div>
    </div>
  );
}
