-- What Home counts on every visit (server/home, docs/home.md) read through indexes: the computed
-- preliminary settlements, the requested invoices, the running and failed bid runs, the failed
-- jobs (partial indexes: a few rows among the many final ones) and the alerts of the last days.
CREATE INDEX "liquidaciones_por_validar_idx" ON "liquidaciones" USING btree ("contrato_id") WHERE "liquidaciones"."estado" = 'preliminar' and "liquidaciones"."calculada_en" is not null;--> statement-breakpoint
CREATE INDEX "trabajos_fallidos_idx" ON "trabajos" USING btree ("terminado_en") WHERE "trabajos"."estado" = 'fallido';--> statement-breakpoint
CREATE INDEX "proceso_ejecuciones_pendientes_idx" ON "proceso_ejecuciones" USING btree ("tipo","terminado_en") WHERE "proceso_ejecuciones"."estado" in ('en_curso', 'deteniendo', 'fallida');--> statement-breakpoint
CREATE INDEX "facturas_solicitadas_idx" ON "facturas" USING btree ("pais") WHERE "facturas"."estado" = 'SOLICITADO';--> statement-breakpoint
CREATE INDEX "garantias_alertas_creada_idx" ON "garantias_alertas" USING btree ("creada_en");
