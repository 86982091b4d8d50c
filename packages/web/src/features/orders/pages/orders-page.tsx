import { Link, useSearchParams } from 'react-router';
import { Package, Search } from 'lucide-react';
import { formatMoney } from '@facet/domain/format';
import { Button, Card, EmptyState, ShowMore, Skeleton } from '../../../components/ui';
import { UpcomingList } from '../../../components/layout/upcoming-list';
import { errorMessage } from '../../../lib/api-client';
import {
  ORDER_FILTERS,
  useOrders,
  useOrderUpdates,
  type OrderFilter,
  type OrderSummary,
} from '../api/orders';
import { Lateness, StageBadge, Thumb, placed, promised } from '../components/order-parts';
import '../components/orders.css';

const FILTER_LABELS: Record<OrderFilter, string> = {
  all: 'All',
  active: 'In production',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

function OrderRow({ order }: { order: OrderSummary }) {
  const more = order.itemCount > 1 ? ` and ${order.itemCount - 1} more` : '';
  return (
    <Card as="li" tone="outline" interactive className="order-row">
      <Thumb url={order.thumbnailUrl} />
      <div className="order-row__main">
        <h2 className="order-row__title">
          <Link to={`/order-details/${order.id}`} className="order-row__link">
            {order.title}
            {more}
          </Link>
        </h2>
        <p className="order-row__meta">
          Order #{order.number} · Placed {placed(order)} · {order.pieces}{' '}
          {order.pieces === 1 ? 'piece' : 'pieces'}
        </p>
        <p className="order-row__meta">
          {order.status === 'cancelled' ? (
            'Cancelled and refunded'
          ) : (
            <>
              {order.status === 'delivered' ? 'Delivered' : 'Promised'}{' '}
              {order.deliveredAt
                ? placed({ paidAt: order.deliveredAt, createdAt: order.createdAt })
                : promised(order)}{' '}
              <Lateness text={order.lateness} />
            </>
          )}
        </p>
      </div>
      <div className="order-row__side">
        <StageBadge order={order} />
        <strong className="order-row__total">{formatMoney(order.totalCents)}</strong>
      </div>
    </Card>
  );
}

function NoOrdersYet() {
  return (
    <EmptyState
      headingLevel="h1"
      icon={<Package />}
      eyebrow="Orders"
      title="No orders yet"
      description="After checkout each piece is followed here through our workshop, with a promised delivery date and whether it is on track."
      action={
        <Button asChild>
          <Link to="/produce">Produce a piece</Link>
        </Button>
      }
    >
      <UpcomingList
        title="Production stages you will follow"
        items={[
          'Received',
          'Processing',
          '3D printing',
          'Casting',
          'Polish',
          'Final quality check',
          'Delivery',
        ]}
      />
    </EmptyState>
  );
}

export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const filter: OrderFilter = (ORDER_FILTERS as readonly string[]).includes(asked ?? '')
    ? (asked as OrderFilter)
    : 'all';
  const orders = useOrders(filter);
  useOrderUpdates();

  if (orders.isSuccess && orders.data.length === 0 && filter === 'all') {
    return (
      <div className="page">
        <title>Orders · Facet</title>
        <NoOrdersYet />
      </div>
    );
  }

  return (
    <div className="page">
      <title>Orders · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Orders</p>
          <h1 className="page__title">Your orders</h1>
          <p className="page__lead">
            Each piece through our workshop, with its promised date and whether it is on track.
          </p>
        </div>
      </div>
      <div className="filter-chips orders-filters" role="group" aria-label="Filter orders">
        {ORDER_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className={`chip${filter === value ? ' chip--on' : ''}`}
            aria-pressed={filter === value}
            onClick={() => setParams(value === 'all' ? {} : { status: value })}
          >
            {FILTER_LABELS[value]}
          </button>
        ))}
      </div>
      {orders.isPending ? (
        <ul className="order-list" aria-label="Loading orders">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton height="6rem" radius="lg" />
            </li>
          ))}
        </ul>
      ) : orders.isError ? (
        <EmptyState
          title="Orders could not be loaded"
          description={errorMessage(orders.error)}
          action={<Button onClick={() => void orders.refetch()}>Try again</Button>}
        />
      ) : orders.data.length === 0 ? (
        <EmptyState
          icon={<Search />}
          title="No orders match"
          description={`You have no ${FILTER_LABELS[filter].toLowerCase()} orders.`}
          action={
            <Button variant="secondary" onClick={() => setParams({})}>
              Show all orders
            </Button>
          }
        />
      ) : (
        <>
          <ul className="order-list">
            {orders.data.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          <ShowMore pages={orders}>Show older orders</ShowMore>
        </>
      )}
    </div>
  );
}
