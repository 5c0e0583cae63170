import * as http from 'node:http';
import * as https from 'node:https';
import type { Duplex } from 'node:stream';
import type Dockerode from 'dockerode';
import { SandboxExecError } from '../errors/sandbox-exec.error';

/** The parts of dockerode's modem that say how to reach the engine. */
interface ModemAddress {
  socketPath?: string;
  host?: string;
  port?: number | string;
  protocol?: string;
  version?: string;
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  headers?: Record<string, string>;
}

/**
 * Attaches to a created container's stdin, stdout and stderr through an HTTP upgrade, as the
 * Docker CLI does. (dockerode's own attach sends its options as a JSON body, which podman's
 * service passes to the command as standard input.) Works with a local socket and with http(s)
 * engines. @internal
 */
export function attachContainer(docker: Dockerode, id: string, stdin: boolean): Promise<Duplex> {
  const modem = (docker as unknown as { modem: ModemAddress }).modem;
  const version = modem.version ? `/${modem.version.startsWith('v') ? modem.version : `v${modem.version}`}` : '';
  const path = `${version}/containers/${encodeURIComponent(id)}/attach?stream=1&stdin=${stdin ? 1 : 0}&stdout=1&stderr=1`;
  const headers = { ...(modem.headers ?? {}), Connection: 'Upgrade', Upgrade: 'tcp', 'Content-Length': '0' };
  let request: http.ClientRequest;
  if (modem.socketPath) {
    request = http.request({ socketPath: modem.socketPath, path, method: 'POST', headers });
  } else if (modem.protocol === 'http' || modem.protocol === 'https') {
    const options = { host: modem.host, port: modem.port, path, method: 'POST', headers };
    request = modem.protocol === 'https' ? https.request({ ...options, ca: modem.ca, cert: modem.cert, key: modem.key }) : http.request(options);
  } else {
    return Promise.reject(new SandboxExecError(`DockerSandbox cannot attach through a "${modem.protocol}" engine connection; use a socket or http(s).`));
  }
  return new Promise((resolve, reject) => {
    request.on('upgrade', (_response, socket, head) => {
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    request.on('response', (response) => {
      response.resume();
      reject(new SandboxExecError(`the container engine refused to attach (HTTP ${response.statusCode}).`));
    });
    request.on('error', (error) => reject(new SandboxExecError(`cannot reach the container engine: ${error.message}`, { cause: error })));
    request.end();
  });
}

/**
 * Splits the engine's multiplexed stream (8-byte headers: stream type, 3 zero bytes, big-endian
 * length) into stdout and stderr. @internal
 */
export function demultiplex(onData: (stream: 'stdout' | 'stderr', chunk: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 8) {
      const size = pending.readUInt32BE(4);
      if (pending.length < 8 + size) break;
      const type = pending[0];
      const payload = pending.subarray(8, 8 + size);
      pending = pending.subarray(8 + size);
      if (type === 1) onData('stdout', payload);
      else if (type === 2) onData('stderr', payload);
    }
  };
}
