import { catalogColumnsPoint } from '../../lib/catalog-usage.ts';
import { contribute } from '../../lib/extension-points.ts';
import { fileReferencesPoint } from '../../lib/file-gc.ts';
import { defineModule } from '../../lib/module.ts';
import { documentationRoutes } from './documentation.routes.ts';
import { documentFiles, documents } from './documentation.table.ts';

/** Documentation (issue 4, `documentacion_documentacion`): documents and their files. */
export const documentationModule = defineModule({
  name: 'documentation',
  routes: [documentationRoutes],
  contributes: [
    contribute(catalogColumnsPoint, { catalog: 'document_type', table: documents, column: documents.documentType }),
    // Collection never removes a file while a row holds it (issue 9 item 4).
    contribute(fileReferencesPoint, documentFiles.storageKey),
    contribute(fileReferencesPoint, documentFiles.previewKey),
  ],
});
