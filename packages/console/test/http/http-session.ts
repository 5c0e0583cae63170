import { authHeader } from '../console-fixtures';

/** A browser-like client of the console over plain HTTP: its cookie, its CSRF token, its identity. */
export class HttpSession {
  private cookie = '';
  csrf = '';

  constructor(private readonly origin: string, private readonly user: string | undefined) {}

  /** GETs a page, keeping the CSRF cookie and the token its forms carry. */
  async get(url: string): Promise<{ status: number; text: string }> {
    const res = await fetch(url, { headers: this.headers(), redirect: 'manual' });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text);
    if (token) this.csrf = token[1]!;
    return { status: res.status, text };
  }

  /** POSTs a form as the console's own page would (same origin, token, cookie). */
  async post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; text: string; location: string | null }> {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...this.headers(), Origin: this.origin, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ _csrf: this.csrf, ...fields }),
    });
    return { status: res.status, text: await res.text(), location: res.headers.get('location') };
  }

  private headers(): Record<string, string> {
    return { ...(this.user ? { Authorization: authHeader(this.user) } : {}), ...(this.cookie ? { Cookie: this.cookie } : {}) };
  }
}
