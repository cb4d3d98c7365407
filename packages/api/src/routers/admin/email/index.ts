import { router } from '../../../trpc.ts';
import { createTemplate } from './create-template.ts';
import { listLogs } from './list-logs.ts';
import { listTemplates } from './list-templates.ts';
import { sendTest } from './send-test.ts';
import { updateTemplate } from './update-template.ts';

export const adminEmailRouter = router({
  templates: router({ list: listTemplates, create: createTemplate, update: updateTemplate }),
  logs: router({ list: listLogs }),
  sendTest,
});
