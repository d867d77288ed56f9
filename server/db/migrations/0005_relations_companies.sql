CREATE TABLE "contactos" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"tipo_contacto" text DEFAULT 'comercial' NOT NULL,
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text NOT NULL,
	"extension" text,
	"celular" text NOT NULL,
	"cargo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coordenadas_bancarias" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nombre_beneficiario" text NOT NULL,
	"direccion" text NOT NULL,
	"pais_destino" text NOT NULL,
	"codigo_postal" text NOT NULL,
	"telefono" text NOT NULL,
	"cuenta" text NOT NULL,
	"email_notificacion_pago" text NOT NULL,
	"banco_beneficiario" text NOT NULL,
	"swift_bic" text NOT NULL,
	"banco_intermediario" text NOT NULL,
	"direccion_banco_intermediario" text NOT NULL,
	"aba" text NOT NULL,
	"moneda" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "coordenadas_bancarias_moneda_valid" CHECK ("coordenadas_bancarias"."moneda" in ('USD', 'MXN'))
);
--> statement-breakpoint
CREATE TABLE "empresa_documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" serial PRIMARY KEY NOT NULL,
	"razon_social" text NOT NULL,
	"codigo_agente" text,
	"pais" text NOT NULL,
	"nit" text NOT NULL,
	"representante_legal" text NOT NULL,
	"direccion_legal" text NOT NULL,
	"tipo_identificacion" text NOT NULL,
	"identificacion_representante" text NOT NULL,
	"tipo_contrato" text NOT NULL,
	"relacion_comercial" text NOT NULL,
	"codigo_cenace_importacion" text,
	"codigo_cenace_exportacion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "empresas_pais_code" CHECK ("empresas"."pais" ~ '^[A-Z]{2}$'),
	CONSTRAINT "empresas_tipo_contrato_valid" CHECK ("empresas"."tipo_contrato" in ('local', 'regional'))
);
--> statement-breakpoint
ALTER TABLE "contactos" ADD CONSTRAINT "contactos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordenadas_bancarias" ADD CONSTRAINT "coordenadas_bancarias_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_documentos" ADD CONSTRAINT "empresa_documentos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_documentos" ADD CONSTRAINT "empresa_documentos_key_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."files"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contactos_empresa_id_idx" ON "contactos" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "coordenadas_bancarias_empresa_id_idx" ON "coordenadas_bancarias" USING btree ("empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "empresa_documentos_empresa_tipo_key" ON "empresa_documentos" USING btree ("empresa_id","tipo");--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_pais_nit_key" ON "empresas" USING btree ("pais",upper("nit"));