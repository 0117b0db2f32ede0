// `site-rest/mcp`: a registry's abilities as an MCP server to connect to any transport of the
// official SDK (`@modelcontextprotocol/sdk`, an optional peer dependency this entry needs), for a
// host that serves MCP beyond the REST endpoint `coreAbilities({ mcp: true })` mounts: a stdio
// process of its own, a session under its own authentication. Tools are the abilities shown in
// REST, run as REST's run route runs them.
export { abilitiesMcpServer, type AbilitiesMcpOptions } from './namespaces/core-abilities/mcp-server.js';
export { abilityTool, toolName, type McpTool, type McpToolResult } from './namespaces/core-abilities/mcp-tools.js';
