import { createHash } from 'node:crypto';
import type { Client, ClientChannel, ConnectConfig } from 'ssh2';
import { loadSsh2 } from '../sandbox/optional-modules';
import { UserError } from '@toolwright/core';
import { SandboxExecError } from '../errors/sandbox-exec.error';
import { defaultKnownHostsFile, knownHostKeys } from './known-hosts';
import { RemoteCommand } from './remote-command';
import { SftpClient } from './sftp-client';

/** How to reach and trust the remote host. @internal */
export interface SshTarget {
  host: string;
  port: number;
  username: string;
  privateKey?: string | Buffer;
  passphrase?: string;
  password?: string;
  /** Path of an ssh-agent socket. */
  agent?: string;
  /** Accepts the server's key (raw SSH wire form). */
  verifyHostKey: (key: Buffer) => boolean;
  readyTimeoutMs: number;
}

/**
 * Builds the host-key check from the options: `hostKey` (an OpenSSH public key line or a
 * `SHA256:` fingerprint, or a list of them), a `hostVerifier`, an explicit `acceptAnyHostKey`, or
 * else the keys `known_hosts` lists for the server. Without any of them the sandbox refuses: one
 * that trusts any server would hand its commands and files to whoever answers. @internal
 */
export function hostKeyCheck(options: {
  host: string;
  port: number;
  hostKey?: string | string[];
  hostVerifier?: (key: Buffer) => boolean;
  acceptAnyHostKey?: boolean;
  knownHostsFile?: string;
}): (key: Buffer) => boolean {
  if (options.hostVerifier !== undefined) {
    if (typeof options.hostVerifier !== 'function') throw new UserError('SshSandbox: hostVerifier must be a function (key: Buffer) => boolean.');
    return options.hostVerifier;
  }
  if (options.hostKey !== undefined) {
    const expected = (Array.isArray(options.hostKey) ? options.hostKey : [options.hostKey]).map(parseHostKey);
    return (key) => {
      const base64 = key.toString('base64');
      const fingerprint = `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
      return expected.some((e) => e === base64 || e === fingerprint);
    };
  }
  if (options.acceptAnyHostKey === true) return () => true;
  // As ssh does: the keys known_hosts lists for the server.
  const known = knownHostKeys(options.host, options.port, options.knownHostsFile ?? defaultKnownHostsFile());
  if (known.length > 0) return (key) => known.includes(key.toString('base64'));
  throw new UserError(
    `SshSandbox: no key is known for ${options.host}:${options.port}, so the server cannot be trusted. Add it to known_hosts (ssh-keyscan), ` +
      'or pass hostKey (its public key line, e.g. from /etc/ssh/ssh_host_ed25519_key.pub, or its SHA256 fingerprint from ssh-keygen -lf), ' +
      'hostVerifier, or acceptAnyHostKey: true (only for throwaway test servers).',
  );
}

function parseHostKey(value: string): string {
  if (typeof value !== 'string') throw new UserError('SshSandbox: hostKey must be a string (a public key line or a SHA256: fingerprint).');
  const trimmed = value.trim();
  if (trimmed.startsWith('SHA256:')) return trimmed.replace(/=+$/, '');
  const parts = trimmed.split(/\s+/);
  const blob = parts.length >= 2 ? parts[1] : parts[0];
  if (!/^[A-Za-z0-9+/]+=*$/.test(blob)) throw new UserError(`SshSandbox: hostKey "${trimmed.slice(0, 40)}…" is neither a public key line nor a SHA256: fingerprint.`);
  return blob;
}

/** One SSH connection, opened on first use and reopened after it dropped; one SFTP session on it. @internal */
export class SshConnection {
  private client?: Promise<Client>;
  private sftpSession?: Promise<SftpClient>;
  /** Clients whose connection has closed. */
  private readonly closedClients = new WeakSet<Client>();

  constructor(private readonly target: SshTarget) {}

  /** Opens an exec channel running `command` through the remote user's shell. */
  async exec(command: string): Promise<RemoteCommand> {
    const client = await this.connect();
    return new Promise((resolve, reject) => {
      client.exec(command, (error, channel: ClientChannel) => {
        if (error) reject(new SandboxExecError(`SSH exec failed: ${error.message}`, { cause: error }));
        // Here, before any await: the exit status may already be in the read ssh2 is parsing.
        else resolve(new RemoteCommand(channel, () => this.closedClients.has(client)));
      });
    });
  }

  /** The SFTP session. */
  sftp(): Promise<SftpClient> {
    this.sftpSession ??= this.connect().then(
      (client) =>
        new Promise<SftpClient>((resolve, reject) => {
          client.sftp((error, sftp) => {
            if (error) {
              this.sftpSession = undefined;
              reject(new SandboxExecError(`SSH: the server refused an SFTP session: ${error.message}`, { cause: error }));
              return;
            }
            sftp.on('close', () => (this.sftpSession = undefined));
            resolve(new SftpClient(sftp));
          });
        }),
    );
    return this.sftpSession;
  }

  /** Closes the connection (a later call reconnects). */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.sftpSession = undefined;
    if (!client) return;
    const c = await client.catch(() => undefined);
    if (!c) return;
    await new Promise<void>((resolve) => {
      c.once('close', () => resolve());
      c.end();
      setTimeout(resolve, 2_000).unref();
    });
  }

  private connect(): Promise<Client> {
    this.client ??= new Promise<Client>((resolve, reject) => {
      const t = this.target;
      const client = new (loadSsh2().Client)();
      const config: ConnectConfig = {
        host: t.host,
        port: t.port,
        username: t.username,
        readyTimeout: t.readyTimeoutMs,
        hostVerifier: (key: Buffer) => t.verifyHostKey(key),
        ...(t.privateKey !== undefined ? { privateKey: t.privateKey } : {}),
        ...(t.passphrase !== undefined ? { passphrase: t.passphrase } : {}),
        ...(t.password !== undefined ? { password: t.password } : {}),
        ...(t.agent !== undefined ? { agent: t.agent } : {}),
      };
      const forget = (): void => {
        this.client = undefined;
        this.sftpSession = undefined;
      };
      let ready = false;
      client.once('ready', () => {
        ready = true;
        resolve(client);
      });
      // Kept for the connection's lifetime: a later error (a dropped link) only forgets it.
      client.on('error', (error) => {
        forget();
        if (!ready) reject(new SandboxExecError(`SSH connection to ${t.username}@${t.host}:${t.port} failed: ${error.message}`, { cause: error }));
      });
      client.on('close', () => {
        this.closedClients.add(client);
        forget();
      });
      client.connect(config);
      // Every exec and SFTP request is a small packet waiting for its answer: Nagle's algorithm
      // would hold one written in pieces (ssh2 writes length, body and tag apart when its optional
      // native crypto binding is missing) until the previous piece's delayed ACK, about 40 ms each
      // time; OpenSSH's client sets TCP_NODELAY for the same reason.
      client.setNoDelay(true);
    });
    return this.client;
  }
}
