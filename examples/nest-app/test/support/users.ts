/** The request headers of the demo's users (the app reads them as the run context). */
export const ACME = { 'x-tenant-id': 'acme', 'x-user-id': 'alice' };
export const ACME_MANAGER = { 'x-tenant-id': 'acme', 'x-user-id': 'manager-bob' };
export const GLOBEX = { 'x-tenant-id': 'globex', 'x-user-id': 'carol' };
/** A visitor of tenant acme who did not sign in. */
export const ACME_VISITOR = { 'x-tenant-id': 'acme' };
