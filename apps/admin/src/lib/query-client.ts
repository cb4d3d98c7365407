import { createAppQueryClient } from '@reelsmith/ui/api';

// As in the customer app (spec §9); a 401 on a tRPC call ends the session in trpc.ts's link instead.
export const queryClient = createAppQueryClient();
