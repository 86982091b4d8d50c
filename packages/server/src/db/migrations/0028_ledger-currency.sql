-- Each ledger entry is in one currency, and so is each of its lines (decision 065): the lines' (entry_id,
-- currency) references the entry's (id, currency), so the database refuses a line of another currency and
-- an entry's zero sum is a sum in one currency. Rows written before carry the currency of their payment
-- (payouts, which have none, the currency of the latest payment; 'usd', the platform's first, otherwise).
-- The ledger is append-only (its triggers refuse UPDATE): they are off for the backfill only.
ALTER TABLE "ledger_entries" ADD COLUMN "currency" char(3) DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "currency" char(3) DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";--> statement-breakpoint
ALTER TABLE "ledger_lines" DISABLE TRIGGER "ledger_lines_append_only";--> statement-breakpoint
UPDATE "ledger_entries" AS e SET "currency" = lower(p."currency")
	FROM "payments" AS p
	WHERE p."id" = e."payment_id" AND e."currency" <> lower(p."currency");--> statement-breakpoint
UPDATE "ledger_entries" SET "currency" = (SELECT lower("currency") FROM "payments" ORDER BY "created_at" DESC LIMIT 1)
	WHERE "payment_id" IS NULL
		AND "currency" <> coalesce((SELECT lower("currency") FROM "payments" ORDER BY "created_at" DESC LIMIT 1), 'usd');--> statement-breakpoint
UPDATE "ledger_lines" AS l SET "currency" = e."currency"
	FROM "ledger_entries" AS e
	WHERE e."id" = l."entry_id" AND l."currency" <> e."currency";--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";--> statement-breakpoint
ALTER TABLE "ledger_lines" ENABLE TRIGGER "ledger_lines_append_only";--> statement-breakpoint
-- from now on every entry and line says its currency
ALTER TABLE "ledger_entries" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_lines" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_currency_code" CHECK ("ledger_entries"."currency" ~ '^[a-z]{3}$');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_id_currency_unique" UNIQUE("id","currency");--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_currency_fk" FOREIGN KEY ("entry_id","currency") REFERENCES "public"."ledger_entries"("id","currency") ON DELETE restrict ON UPDATE no action;
