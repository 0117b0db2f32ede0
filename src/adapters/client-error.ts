import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { malformedRequest } from '../core/errors/catalogue.js';
import type { RestServer } from '../core/server.js';

/** A `clientError` listener: answers what Node could not read as a request, then closes the connection. */
export type ClientErrorHandler = (error: Error & { code?: string }, socket: Duplex) => void;

/**
 * A listener for Node's `clientError` event (`server.on('clientError', …)`): a malformed request,
 * a body cut short of its `Content-Length`, headers over the size limit (431) or a request that
 * timed out (408) get a WordPress-shaped JSON error with the REST headers instead of Node's
 * plain-text one, then the connection closes. A client that reset the connection, or a response
 * already under way, gets nothing more: the connection is closed as it is.
 */
export function createClientErrorHandler(server: RestServer): ClientErrorHandler {
  return (error, socket) => {
    // Node's own handler checks the same: bytes written after a response's head would corrupt it.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = server.errorResponse(malformedRequest(error.code));
    const body = Buffer.from(answer.body);
    let head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n`;
    for (const [name, value] of Object.entries(answer.headers)) for (const line of [value].flat()) head += `${name}: ${line}\r\n`;
    head += `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]), () => socket.destroy());
  };
}
