/**
 * The bits of JSON-RPC 2.0 the gateway answers with or checks itself: the error codes it sends, request
 * ids and the key it keeps them under, and the error lines it writes.
 */

/** JSON-RPC's code for a message that is not valid JSON. */
export const JSON_RPC_PARSE_ERROR = -32700;

/** JSON-RPC's code for a message that is JSON but not a request (an empty batch). */
export const JSON_RPC_INVALID_REQUEST = -32600;

/** A JSON-RPC request id: a string or a number. */
export function isRequestId(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/** The key a request is kept under: ids `1` and `"1"` are different requests. */
export function requestKey(id: string | number): string {
  return `${typeof id}:${id}`;
}

/** A JSON-RPC error answer with no id (the request it answers could not be read), as one line. */
export function errorLine(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
}
