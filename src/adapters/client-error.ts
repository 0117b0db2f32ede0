import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { restError } from '../core/errors.js';
import type { RestServer } from '../core/server.js';

/** A `clientError` listener: answers what Node could not read as a request, then closes the connection. */
export type ClientErrorHandler = (error: Error & { code?: string }, socket: Duplex) => void;

/** The WordPress-shaped error for each way Node's parser gives up on a request. */
function errorFor(code: string | undefined) {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return restError('rest_request_headers_too_large', 'The request headers are larger than this server accepts.', 431);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return restError('rest_request_too_large', 'The request is larger than this server accepts.', 413);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return restError('rest_request_timeout', 'The request did not arrive in time.', 408);
    case 'HPE_INVALID_EOF_STATE':
      return restError('rest_request_incomplete', 'The request ended before its body was complete.', 400);
    default:
      return restError('rest_bad_request', 'The request is malformed.', 400);
  }
}

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
    const answer = server.errorResponse(errorFor(error.code));
    const body = Buffer.from(answer.body);
    let head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n`;
    for (const [name, value] of Object.entries(answer.headers)) for (const line of [value].flat()) head += `${name}: ${line}\r\n`;
    head += `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]), () => socket.destroy());
  };
}
