CREATE TABLE "auth_throttle" (
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "auth_throttle_kind_email_pk" PRIMARY KEY("kind","email")
);
--> statement-breakpoint
CREATE INDEX "auth_throttle_last_idx" ON "auth_throttle" USING btree ("last_failure_at");