import { useState, type FormEvent } from 'react';
import { Factory } from 'lucide-react';
import { formatDate, formatMoney } from '@facet/domain/format';
import {
  LAST_STAGE,
  PRODUCTION_LINE,
  productionStage,
  stageByWire,
  type ProductionStage,
} from '@facet/domain/workflow';
import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Field,
  Input,
  ShowMore,
  Skeleton,
  toast,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  DELIVERED_SHOWN,
  useAddShipment,
  useDeliveredOrders,
  useLiveOrders,
  useMoveStage,
  useStaffOrder,
  useStaffOrders,
  type StaffOrder,
} from '../api/orders-board';

const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();
/** The board's columns: the production line, RECEIVED to DELIVERY (cancelled orders are not on it). */
const COLUMNS = PRODUCTION_LINE;

/** The stage after the one the API's number names: where "Move to …" goes (none after the line's end). */
function nextStage(wire: number | null): ProductionStage | null {
  const next = stageByWire(wire)?.next;
  return next ? productionStage(next) : null;
}

function Lateness({ text }: { text: string | null }) {
  if (!text) return null;
  return <span className={`ops-badge ops-badge--${/ Late$/.test(text) ? 'late' : 'ok'}`}>{text}</span>;
}

function OrderCard({ order, onOpen }: { order: StaffOrder; onOpen: (id: string) => void }) {
  const move = useMoveStage();
  const next = nextStage(order.stage);
  async function moveOn() {
    if (next === null) return;
    try {
      await move.mutateAsync({ orderId: order.id, stage: next.wire });
      toast({ title: `Order #${order.number} moved to ${title(next.label)}` });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }
  const late = Boolean(order.lateness && / Late$/.test(order.lateness));
  return (
    <Card
      as="li"
      tone="raised"
      className={`ops-card${late ? ' ops-card--late' : ''}`}
      data-testid="ops-order"
    >
      <h3 className="ops-card__title">
        #{order.number} · {order.title}
      </h3>
      <p className="ops-muted">
        {order.pieces} {order.pieces === 1 ? 'piece' : 'pieces'} · {formatMoney(order.totalCents)}
      </p>
      <p className="ops-muted">
        {order.deliveredAt
          ? `Delivered ${formatDate(order.deliveredAt)}`
          : order.promisedDate
            ? `Promised ${formatDate(order.promisedDate)}`
            : 'Not paid yet'}{' '}
        <Lateness text={order.lateness} />
      </p>
      <div className="ops-actions">
        {next ? (
          <Button size="sm" loading={move.isPending} onClick={() => void moveOn()}>
            Move to {title(next.label)}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onOpen(order.id)}
          aria-label={`Details of order #${order.number}`}
        >
          Details
        </Button>
      </div>
    </Card>
  );
}

function ShipmentForm({ orderId }: { orderId: string }) {
  const add = useAddShipment();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!carrier.trim() || !tracking.trim()) {
      setError(!carrier.trim() ? 'Enter the carrier.' : 'Enter the tracking number.');
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ orderId, carrier: carrier.trim(), trackingNumber: tracking.trim() });
      setCarrier('');
      setTracking('');
      toast({ title: 'Shipment added; the customer is told' });
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <form className="ops-filters" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Carrier">
        <Input value={carrier} onChange={(e) => setCarrier(e.target.value)} maxLength={80} />
      </Field>
      <Field label="Tracking number" error={error ?? undefined}>
        <Input value={tracking} onChange={(e) => setTracking(e.target.value)} maxLength={120} />
      </Field>
      <Button type="submit" loading={add.isPending}>
        Add shipment
      </Button>
    </form>
  );
}

function OrderDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const order = useStaffOrder(id);
  const move = useMoveStage();
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{order.data ? `Order #${order.data.number}` : 'Order'}</DialogTitle>
          <DialogDescription>
            {order.data
              ? `${order.data.shippingAddress.name} · ${order.data.shippingMethod.name} · ${order.data.stageName ?? order.data.status}`
              : 'Loading the order'}
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          {order.isPending ? (
            <Skeleton height="10rem" />
          ) : order.isError ? (
            <p className="ops-alert" role="alert">
              {errorMessage(order.error)}
            </p>
          ) : (
            <div className="ops-section">
              <h3>Items</h3>
              <ul className="ops-list">
                {order.data.items.map((item) => {
                  const next = nextStage(item.stage);
                  return (
                    <li key={item.id} className="ops-person">
                      <strong>
                        {item.title} × {item.quantity}
                      </strong>
                      <span className="ops-muted">
                        {item.stageName ?? '—'} · lead time {item.leadTimeDays} days
                      </span>
                      <div className="ops-actions">
                        <Button asChild size="sm" variant="secondary">
                          <a
                            href={`/api/staff/orders/${order.data.id}/items/${item.id}/job-sheet`}
                            target="_blank"
                            rel="noreferrer"
                          >
                            Print job sheet
                          </a>
                        </Button>
                        {next !== null && order.data.items.length > 1 ? (
                          <Button
                            size="sm"
                            loading={move.isPending}
                            onClick={() =>
                              move.mutate(
                                { orderId: order.data.id, stage: next.wire, itemId: item.id },
                                {
                                  onError: (e) =>
                                    toast({
                                      title: 'Error',
                                      description: errorMessage(e),
                                      variant: 'destructive',
                                    }),
                                },
                              )
                            }
                          >
                            Move item to {title(next.label)}
                          </Button>
                        ) : null}
                      </div>
                    </li>
                  );
                })}
              </ul>
              <h3>Stages</h3>
              <ol className="ops-muted">
                {order.data.stages.map((s) => (
                  <li key={s.code}>
                    {title(s.name)} — {formatDate(s.at)}
                  </li>
                ))}
              </ol>
              <h3>Shipments</h3>
              {order.data.shipments.length === 0 ? (
                <p className="ops-muted">None yet.</p>
              ) : (
                <ul className="ops-muted">
                  {order.data.shipments.map((s) => (
                    <li key={`${s.carrier}-${s.trackingNumber}`}>
                      {s.carrier} {s.trackingNumber} — {formatDate(s.at)}
                    </li>
                  ))}
                </ul>
              )}
              {order.data.status !== 'cancelled' && order.data.status !== 'awaiting_payment' ? (
                <ShipmentForm orderId={order.data.id} />
              ) : null}
            </div>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

/** /ops/orders: a board by production stage; each move updates the customer's pages live. */
export function OpsOrdersPage() {
  const orders = useStaffOrders();
  const delivered = useDeliveredOrders();
  useLiveOrders();
  const [open, setOpen] = useState<string | null>(null);
  const live = (orders.data ?? []).filter((o) => o.stage !== null && o.status !== 'cancelled');
  const deliveredShown = delivered.data?.orders ?? [];
  const moreDelivered = Boolean(delivered.data?.nextCursor);

  return (
    <>
      <div className="ops-page__head">
        <div>
          <h1>Orders</h1>
          <p>
            Production by stage with promised dates. Each move is mailed and shown to the customer at once.
          </p>
        </div>
      </div>
      {orders.isPending ? (
        <div className="ops-board" aria-busy="true" aria-label="Loading orders">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="16rem" />
          ))}
        </div>
      ) : orders.isError ? (
        <p className="ops-alert" role="alert">
          {errorMessage(orders.error)}
        </p>
      ) : live.length === 0 && deliveredShown.length === 0 ? (
        <EmptyState
          icon={<Factory />}
          title="No orders in production"
          description="Paid orders appear here at RECEIVED and move along the line to DELIVERY."
        />
      ) : (
        // the board scrolls sideways: focusable so the keyboard can scroll it too
        <div className="ops-board" role="region" aria-label="Production board" tabIndex={0}>
          {COLUMNS.map((column) => {
            const last = column.code === LAST_STAGE;
            const inColumn = last
              ? deliveredShown
              : live
                  .filter((o) => o.stage === column.wire)
                  .sort(
                    (a, b) =>
                      Number(/ Late$/.test(b.lateness ?? '')) - Number(/ Late$/.test(a.lateness ?? '')),
                  );
            const count = last && moreDelivered ? `${inColumn.length}+` : String(inColumn.length);
            return (
              <section key={column.code} className="ops-column" aria-labelledby={`stage-${column.code}`}>
                <h2 className="ops-column__title" id={`stage-${column.code}`}>
                  <span>{title(column.label)}</span>
                  <span aria-label={last && moreDelivered ? `latest ${count} orders` : `${count} orders`}>
                    {count}
                  </span>
                </h2>
                {last && moreDelivered ? (
                  <p className="ops-muted">The latest {DELIVERED_SHOWN} deliveries.</p>
                ) : null}
                {inColumn.length === 0 ? (
                  <p className="ops-muted">None</p>
                ) : (
                  <ul className="ops-list">
                    {inColumn.map((o) => (
                      <OrderCard key={o.id} order={o} onOpen={setOpen} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      <ShowMore pages={orders}>Show more orders in production</ShowMore>
      {open ? <OrderDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
