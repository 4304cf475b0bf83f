import { IconFileText } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Documentation: the documents list. */
export const documentationModule: WebModule = {
  name: 'documentation',
  navigation: [
    {
      area: 'documentacion',
      items: [{ to: '/documentation/list', permission: 'documentacion_documentacion', icon: IconFileText }],
    },
  ],
};
