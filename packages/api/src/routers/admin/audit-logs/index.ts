import { router } from '../../../trpc.ts';
import { summary } from './audit-summary.ts';
import { list } from './list-audit-logs.ts';

export const adminAuditLogsRouter = router({ list, summary });
