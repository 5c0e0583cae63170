import { UserError } from '@toolwright/core';
import { McpApprovals, type PendingApproval } from '@toolwright/mcp';

describe('McpApprovals', () => {
  it('keeps one pending approval per identical call and tells onPending once', () => {
    const told: PendingApproval[] = [];
    const approvals = new McpApprovals({ onPending: (p) => told.push(p) });
    const first = approvals.pend('k', { toolName: 'refund', arguments: { id: 1 } });
    expect(approvals.pend('k', { toolName: 'refund', arguments: { id: 1 } }).id).toBe(first.id);
    expect(told.map((p) => p.id)).toEqual([first.id]);
    expect(approvals.take('k')).toBeUndefined();
  });

  it('hands a decision out once', () => {
    const approvals = new McpApprovals();
    const { id } = approvals.pend('k', { toolName: 'refund', arguments: {} });
    approvals.approve(id);
    expect(approvals.take('other')).toBeUndefined();
    expect(approvals.take('k')).toEqual({ approved: true });
    expect(approvals.take('k')).toBeUndefined();
    expect(approvals.list()).toEqual([]);
  });

  it('refuses unknown and already decided ids with a UserError', () => {
    const approvals = new McpApprovals();
    expect(() => approvals.approve('apr_nope')).toThrow(UserError);
    const { id } = approvals.pend('k', { toolName: 'refund', arguments: {} });
    approvals.reject(id, 'no');
    expect(() => approvals.approve(id)).toThrow(/already rejected/);
  });

  it('forgets the oldest beyond maxEntries and expired ones after ttlMs', async () => {
    const approvals = new McpApprovals({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) approvals.pend(key, { toolName: key, arguments: {} });
    expect(approvals.list().map((p) => p.toolName)).toEqual(['b', 'c']);
    const expiring = new McpApprovals({ ttlMs: 1 });
    expiring.pend('a', { toolName: 'a', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(expiring.list()).toEqual([]);
  });
});
