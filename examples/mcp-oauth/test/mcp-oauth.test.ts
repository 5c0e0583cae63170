import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Starts servers and a client in a child process: a generous bound for a loaded machine.
jest.setTimeout(60_000);

const main = join(__dirname, '..', 'dist', 'main.js');

describe('the mcp-oauth example', () => {
  it('signs in with PKCE and the resource indicator, then calls the protected tool', async () => {
    expect(existsSync(main)).toBe(true);
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [main], { timeout: 60_000 }, (error, out, err) => resolve({ code: error ? 1 : 0, stdout: out, stderr: err }));
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Sign in at: http:\/\/127\.0\.0\.1:\d+\/authorize \(PKCE S256, resource http:\/\/127\.0\.0\.1:\d+\/mcp\)/);
    expect(stdout).toContain('Signed in; the callback came back with a code.');
    expect(stdout).toContain('whoami → You are signed in.');
    expect(stdout).toContain('Answer: The server knows who I am.');
    expect(stdout).toContain('Tokens kept by the provider: yes');
  });
});
