import { SimpleGrid } from '@chakra-ui/react';
import type { CompanyDraft, DraftDocument } from '../../../machines/companies/company-draft.machine';
import { COMPANY_DOCUMENT_TYPES, type CompanyDocumentType } from '../../../schemas/company.schema';
import { fileTypeId } from '../../../schemas/file.schema';
import { FileUpload } from '../../lib/files/file-upload';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { useFieldMessageText } from '../../lib/forms/form-field';

/**
 * Step 2 of the company wizard (and the documents of the edit form): the four legal documents
 * (spec section 2), each uploaded as soon as it is picked; the form keeps the keys.
 */
export function CompanyDocumentsFields({
  documents,
  errors,
  onSet,
  onClear,
  onBusyChange,
}: {
  documents: CompanyDraft['documentos'];
  errors: FieldErrors;
  onSet: (tipo: CompanyDocumentType, document: DraftDocument) => void;
  onClear: (tipo: CompanyDocumentType) => void;
  onBusyChange: (tipo: CompanyDocumentType, busy: boolean) => void;
}) {
  const messageText = useFieldMessageText();
  // A server message about a document arrives as `documentos.<index>...`: show it on that document.
  const listed = COMPANY_DOCUMENT_TYPES.filter((tipo) => documents[tipo]);
  const errorOf = (tipo: CompanyDocumentType) => {
    const index = listed.indexOf(tipo);
    const entry = Object.entries(errors).find(([path]) => index >= 0 && path.startsWith(`documentos.${index}`));
    return entry?.[1] ? messageText(entry[1], `companies.documents.${tipo}`) : undefined;
  };
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      {COMPANY_DOCUMENT_TYPES.map((tipo) => (
        <FileUpload
          key={tipo}
          labelKey={`companies.documents.${tipo}`}
          tipo={fileTypeId(tipo)}
          value={documents[tipo]}
          error={errorOf(tipo)}
          onUploaded={(file) => onSet(tipo, file)}
          onCleared={() => onClear(tipo)}
          onBusyChange={(busy) => onBusyChange(tipo, busy)}
        />
      ))}
    </SimpleGrid>
  );
}
