// Every table of the app, for drizzle-kit (drizzle.config.ts) and the database client. Each table is defined by
// the module that owns it, in that module's `*.tables.ts`; only the owner uses it (docs/decisions/019).
export * from '../../modules/accounts/accounts.tables';
export * from '../../modules/onboarding/onboarding.tables';
export * from '../../platform/mail/mail.tables';
export * from '../../platform/files/files.tables';
export * from '../../modules/catalog/catalog.tables';
export * from '../../modules/pricing/pricing.tables';
export * from '../../modules/library/library.tables';
export * from '../../modules/models/models.tables';
export * from '../../modules/projects/projects.tables';
export * from '../../modules/ratings/ratings.tables';
export * from '../../modules/chat/chat.tables';
export * from '../../modules/payments/payments.tables';
export * from '../../platform/payments/payments.tables';
export * from '../../modules/orders/orders.tables';
export * from '../../modules/cart/cart.tables';
export * from '../../modules/billing/billing.tables';
export * from '../../modules/design/design.tables';
export * from '../../platform/audit/audit.tables';
export * from '../../modules/identity/identity.tables';
export * from '../../modules/notifications/notifications.tables';
