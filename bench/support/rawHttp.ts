/**
 * A lean HTTP/1.1 keep-alive GET connection for the load clients: one request in flight, the
 * request written as one prebuilt string, the answer parsed only as far as the status line and
 * the body's length (Content-Length or chunked), the body counted and dropped.
 *
 * Why not node:http: on this 2-core machine the load clients share the CPU with the server they
 * measure, and node:http's client cost 0.28–0.35 ms of CPU a request (headers parsed into objects,
 * a stream per response) — a third of what the server spends. A load generator such as autocannon
 * works this way for the same reason; this one keeps the per-endpoint latencies the benchmark
 * reports and each client's own loopback source address (the per-IP rate limit).
 */
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

export interface RawAnswer {
  status: number;
  bytes: number;
}

export class RawHttpConnection {
  private socket: net.Socket | undefined;
  private pending: { resolve: (a: RawAnswer) => void; reject: (e: Error) => void } | undefined;
  private head: Buffer = Buffer.alloc(0);
  private status = 0;
  /** Body bytes still to come (Content-Length), or -1 while reading chunked framing. */
  private remaining = 0;
  private chunked = false;
  private inBody = false;
  private bodyBytes = 0;

  constructor(
    private readonly port: number,
    private readonly headers: string,
    private readonly localAddress?: string,
  ) {}

  get(path: string): Promise<RawAnswer> {
    if (this.pending) return Promise.reject(new Error('one request at a time on a connection'));
    const socket = this.socket ?? this.connect();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      socket.write(`GET ${path} HTTP/1.1\r\n${this.headers}\r\n`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: '127.0.0.1', port: this.port, localAddress: this.localAddress, noDelay: true });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (error: Error) => {
      this.socket = undefined;
      const p = this.pending;
      this.pending = undefined;
      p?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed by the server')));
    this.socket = socket;
    return socket;
  }

  private onData(chunk: Buffer): void {
    let data = chunk;
    while (data.length > 0 && this.pending) {
      if (!this.inBody) {
        this.head = this.head.length ? Buffer.concat([this.head, data]) : data;
        const end = this.head.indexOf(HEADER_END);
        if (end < 0) return;
        const text = this.head.toString('latin1', 0, end);
        data = this.head.subarray(end + 4);
        this.head = Buffer.alloc(0);
        this.status = Number(text.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        this.chunked = !length && /\r\ntransfer-encoding:\s*chunked/i.test(text);
        this.remaining = length ? Number(length[1]) : 0;
        this.bodyBytes = 0;
        this.inBody = true;
        if (!this.chunked && this.remaining === 0) this.finish();
        continue;
      }
      data = this.chunked ? this.readChunked(data) : this.readLength(data);
    }
  }

  private readLength(data: Buffer): Buffer {
    const take = Math.min(this.remaining, data.length);
    this.remaining -= take;
    this.bodyBytes += take;
    if (this.remaining === 0) this.finish();
    return data.subarray(take);
  }

  /** Chunked framing: `size CRLF data CRLF` … `0 CRLF CRLF` (no trailers from our server). */
  private readChunked(data: Buffer): Buffer {
    if (this.remaining > 0) {
      const take = Math.min(this.remaining, data.length);
      this.remaining -= take;
      this.bodyBytes += take;
      return data.subarray(take);
    }
    this.head = this.head.length ? Buffer.concat([this.head, data]) : data;
    // Skip the CRLF ending the previous chunk's data, then read a size line.
    let at = 0;
    if (this.head.indexOf(CRLF) === 0) at = 2;
    const lineEnd = this.head.indexOf(CRLF, at);
    if (lineEnd < 0) return Buffer.alloc(0);
    const size = parseInt(this.head.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      if (this.head.length < lineEnd + 4) return Buffer.alloc(0);
      const rest = this.head.subarray(lineEnd + 4);
      this.head = Buffer.alloc(0);
      this.finish();
      return rest;
    }
    const rest = this.head.subarray(lineEnd + 2);
    this.head = Buffer.alloc(0);
    this.remaining = size;
    return rest;
  }

  private finish(): void {
    const p = this.pending!;
    this.pending = undefined;
    this.inBody = false;
    p.resolve({ status: this.status, bytes: this.bodyBytes });
  }
}

/** The header lines every request of a load run carries. */
export function requestHeaders(port: number, token: string): string {
  return `Host: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nConnection: keep-alive\r\n`;
}
