-- The files service also keeps XML (the electronic invoices of the region: FEL, DTE, CFDI), so
-- an issued invoice's documents may be PDF or XML (docs/invoicing.md). Detected by content.
ALTER TABLE "files" DROP CONSTRAINT "files_tipo_mime_valid";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tipo_mime_valid" CHECK ("files"."tipo_mime" in ('application/pdf', 'image/png', 'image/jpeg', 'application/xml'));
