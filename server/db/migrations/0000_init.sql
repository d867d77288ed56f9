CREATE TABLE "idp_challenges" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"known_user" boolean NOT NULL,
	"client_id" text NOT NULL,
	"srp_a" text,
	"srp_b" text,
	"srp_small_b" text,
	"srp_verifier" text,
	"auth_time" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"username" text NOT NULL,
	"client_id" text NOT NULL,
	"origin_jti" uuid NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_refresh_tokens_origin_jti_unique" UNIQUE("origin_jti")
);
--> statement-breakpoint
CREATE TABLE "idp_reset_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idp_reset_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_salt" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_sign_in_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idp_sign_in_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_users" (
	"username" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"email" text NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"srp_salt" text NOT NULL,
	"srp_verifier" text NOT NULL,
	"status" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_users_sub_unique" UNIQUE("sub")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "permissions_catalogue" (
	"id" text PRIMARY KEY NOT NULL,
	"orden" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nombre" text NOT NULL,
	"segundo_nombre" text,
	"primer_apellido" text NOT NULL,
	"segundo_apellido" text,
	"telefono" text,
	"cargo" text,
	"pais" text,
	"sexo" text,
	"estado" text DEFAULT 'active' NOT NULL,
	"permisos_x_view" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_estado_valid" CHECK ("users"."estado" in ('active', 'inactive', 'pending')),
	CONSTRAINT "users_sexo_valid" CHECK ("users"."sexo" is null or "users"."sexo" in ('male', 'female'))
);
--> statement-breakpoint
CREATE INDEX "idp_refresh_tokens_username_idx" ON "idp_refresh_tokens" USING btree ("username");--> statement-breakpoint
CREATE INDEX "idp_reset_codes_username_idx" ON "idp_reset_codes" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "idp_sign_in_failures_username_idx" ON "idp_sign_in_failures" USING btree ("username","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");