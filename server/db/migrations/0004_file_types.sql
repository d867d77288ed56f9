-- The file-type catalogue (GET /files/api/v1/archivos/) exists on every database. The ids are
-- fixed here because schemas/file.schema.ts (FILE_TYPES) names them; the sequence moves past
-- them so a type added later by hand gets a fresh id.
INSERT INTO "file_types" ("id", "clave", "etiqueta_es", "etiqueta_en") VALUES
  (1, 'escritura_constitucion', 'Escritura de constitución', 'Incorporation deed'),
  (2, 'registro_tributario', 'Registro tributario', 'Tax registration'),
  (3, 'nombramiento_representante', 'Nombramiento del representante legal', 'Legal representative appointment'),
  (4, 'identificacion_representante', 'Identificación del representante legal', 'Legal representative ID'),
  (5, 'contrato_firmado', 'Contrato firmado', 'Signed contract'),
  (6, 'anexo', 'Anexo', 'Annex'),
  (7, 'factura', 'Factura', 'Invoice'),
  (8, 'factura_energia_fisica', 'Factura de energía física', 'Physical energy invoice'),
  (9, 'factura_energia_flex', 'Factura de energía flexible', 'Flex energy invoice'),
  (10, 'estado_cuenta', 'Estado de cuenta', 'Account statement'),
  (11, 'otro', 'Otro', 'Other')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"file_types"', 'id'), (SELECT max("id") FROM "file_types"));
