CREATE TABLE "file_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_blobs_sha256_hex" CHECK ("file_blobs"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "file_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"clave" text NOT NULL,
	"etiqueta_es" text NOT NULL,
	"etiqueta_en" text NOT NULL,
	CONSTRAINT "file_types_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"key" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo_mime" text NOT NULL,
	"tamano" integer NOT NULL,
	"tipo" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "files_key_format" CHECK ("files"."key" ~ '^f_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
	CONSTRAINT "files_tipo_mime_valid" CHECK ("files"."tipo_mime" in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_sha256_file_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tipo_file_types_id_fk" FOREIGN KEY ("tipo") REFERENCES "public"."file_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");