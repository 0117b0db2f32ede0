// The abilities of a registry as an MCP server, through the official SDK: `tools/list` shows the
// abilities shown in REST that the caller may run, `tools/call` runs one as REST's run route does
// (run.ts). Loaded only when an MCP request comes, so the SDK is needed only by hosts that serve MCP.
// Over HTTP every request is its own stateless exchange, signed in by the REST pipeline like any
// other request: no MCP session outlives the credentials it came with.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { internal } from '../../core/errors/catalogue.js';
import { RestResponse } from '../../core/http/response.js';
import type { RestRequest } from '../../core/types.js';
import { abilityNotFound } from './errors.js';
import { abilityInput, abilityNameOf, abilityTool, toolError, toolResult, type McpToolResult } from './mcp-tools.js';
import type { AbilityContext, AbilityRegistry } from './registry.js';
import { mayRun, runAbility, runnableAbility } from './run.js';

/** What an abilities MCP server serves: a registry, who calls, and where a failed ability is reported. */
export interface AbilitiesMcpOptions {
  /** The abilities to serve as tools (those shown in REST). */
  registry: AbilityRegistry;
  /** The caller of each request, read again for every one (a stdio session's user may lose a role meanwhile). */
  caller: (signal: AbortSignal) => AbilityContext | Promise<AbilityContext>;
  /** Told what an ability threw; the client gets WordPress's critical-error message. */
  report: (error: unknown) => void;
  /** The server's name and version in `initialize` (default `site-rest` and this package's major version). */
  serverInfo?: { name: string; version: string };
}

const DEFAULT_INFO = { name: 'site-rest', version: '1.0.0' };

/** The tools the caller may use: abilities shown in REST whose permission lets them run (one that throws, reported, does not). */
async function toolsFor(options: AbilitiesMcpOptions, context: AbilityContext) {
  const shown = options.registry.getAbilities().filter((ability) => ability.showInRest);
  const allowed = await Promise.all(
    shown.map((ability) =>
      mayRun(ability, context).catch((thrown: unknown) => {
        options.report(thrown);
        return false;
      }),
    ),
  );
  return shown.filter((_, i) => allowed[i]).map(abilityTool);
}

/** A `tools/list`: the caller's tools; a caller that cannot be read answers the critical error, reported, not what was thrown. */
async function listTools(options: AbilitiesMcpOptions, signal: AbortSignal) {
  try {
    return { tools: await toolsFor(options, await options.caller(signal)) };
  } catch (thrown) {
    options.report(thrown);
    throw new McpError(ErrorCode.InternalError, internal().message);
  }
}

/** A `tools/call`: the ability run for the caller, any refusal or failure as a tool error. */
async function callTool(
  options: AbilitiesMcpOptions,
  tool: string,
  args: Record<string, unknown> | undefined,
  signal: AbortSignal,
): Promise<McpToolResult> {
  const name = abilityNameOf(tool);
  const ability = name === undefined ? undefined : runnableAbility(options.registry, name);
  if (!ability) return toolError(abilityNotFound());
  try {
    const context = await options.caller(signal);
    return toolResult(ability, await runAbility(options.registry, ability.name, abilityInput(ability, args), context));
  } catch (thrown) {
    options.report(thrown);
    return toolError(internal());
  }
}

/** An MCP server of a registry's abilities, to connect to any SDK transport (`StdioServerTransport` for a local client). */
export function abilitiesMcpServer(options: AbilitiesMcpOptions): Server {
  const server = new Server(options.serverInfo ?? DEFAULT_INFO, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => listTools(options, extra.signal));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(options, request.params.name, request.params.arguments, extra.signal),
  );
  return server;
}

/** Streamable HTTP's answer to a method it does not serve statelessly (a GET's event stream, a DELETE's session end). */
function methodNotAllowed(): RestResponse {
  const body = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null };
  return new RestResponse(body, 405);
}

/** The request headers Streamable HTTP reads. */
const MCP_REQUEST_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'] as const;

/** The headers of the SDK's answer that the REST pipeline does not set itself. */
function answerHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-type' && name !== 'content-length') headers[name] = value;
  });
  return headers;
}

/**
 * Answers one Streamable HTTP request (stateless, JSON answers) as the REST route's answer: the
 * request's JSON-RPC message(s) handled by a server made for it, for the caller the REST pipeline
 * signed in. GET and DELETE answer 405, as a server without event streams or sessions does.
 */
export async function answerMcpRequest(options: AbilitiesMcpOptions, request: RestRequest, url: string): Promise<RestResponse> {
  if (request.method !== 'POST') return methodNotAllowed();
  const server = abilitiesMcpServer(options);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const headers = new Headers();
    for (const name of MCP_REQUEST_HEADERS) if (request.headers[name] !== undefined) headers.set(name, request.headers[name]);
    const response = await transport.handleRequest(new Request(url, { method: 'POST', headers, signal: request.signal }), {
      parsedBody: request.json,
    });
    const text = await response.text();
    return new RestResponse(text === '' ? null : (JSON.parse(text) as unknown), response.status, answerHeaders(response));
  } finally {
    await server.close();
  }
}
