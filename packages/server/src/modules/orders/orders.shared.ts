/** What other modules hand the orders module (the cart's checkout): a pending order and its items. */

export interface OrderShippingAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone?: string;
}

export interface OrderShippingMethod {
  code: string;
  name: string;
  priceCents: number;
  /** Weekdays the carrier takes, added to the production lead time for the promised date. */
  businessDays: number;
}

/** An item's choices as the cart priced them: material, polish, plating, assembly, engraving, dimensions … */
export type OrderConfiguration = Record<string, unknown>;

export interface NewOrderItem {
  source: 'model' | 'library';
  modelId: string | null;
  libraryProductId: string | null;
  title: string;
  fileName: string | null;
  thumbnailFileId: string | null;
  configuration: OrderConfiguration;
  breakdown: Record<string, unknown>;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  /** The process's lead time in weekdays. */
  leadTimeDays: number;
}

export interface NewOrder {
  customerId: string;
  shippingAddress: OrderShippingAddress;
  shippingMethod: OrderShippingMethod;
  items: NewOrderItem[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}
