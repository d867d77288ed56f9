-- CENACE's day-ahead local marginal prices (PML) of the Mexico link's nodes with their energy, losses and
-- congestion components (MXN/MWh), which add up to the PML within 0.02 (docs/reports.md).
CREATE TABLE "precios_pml" (
	"nodo" text NOT NULL,
	"fecha" date NOT NULL,
	"periodo" smallint NOT NULL,
	"pml" numeric NOT NULL,
	"componente_energia" numeric NOT NULL,
	"componente_perdidas" numeric NOT NULL,
	"componente_congestion" numeric NOT NULL,
	"cargado_por" text,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "precios_pml_pkey" PRIMARY KEY("nodo","fecha","periodo"),
	CONSTRAINT "precios_pml_periodo_valid" CHECK ("precios_pml"."periodo" between 1 and 24),
	CONSTRAINT "precios_pml_componentes" CHECK (abs("precios_pml"."pml" - ("precios_pml"."componente_energia" + "precios_pml"."componente_perdidas" + "precios_pml"."componente_congestion")) <= 0.02)
);
