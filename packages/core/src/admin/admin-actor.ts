/** The signed-in operator an admin action is done by, as the audit log records it. */
export interface AdminActor {
  id: string;
  email: string;
  ip: string | null;
}
