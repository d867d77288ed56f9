-- The billing reports' workbooks a `reportes.excel` job writes (docs/reports.md): one row per job
-- naming its bytes in file_blobs; the job writes it again (an upsert) should it run again.
CREATE TABLE "reportes_excel" (
	"trabajo_id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"sha256" text NOT NULL,
	"filas" integer NOT NULL,
	"escrito_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reportes_excel" ADD CONSTRAINT "reportes_excel_trabajo_id_trabajos_id_fk" FOREIGN KEY ("trabajo_id") REFERENCES "public"."trabajos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reportes_excel" ADD CONSTRAINT "reportes_excel_sha256_file_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE restrict ON UPDATE no action;