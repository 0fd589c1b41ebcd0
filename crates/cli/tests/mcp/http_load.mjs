// Drives `kenning serve`'s /mcp (Streamable HTTP) with the official TypeScript client.
//
//     node http_load.mjs URL TOKEN COUNT TAG
//
// Connects, lists the tools, sends COUNT memory_put calls at once (contents `TAG-<i>`), then reads
// every acknowledged capsule back with memory_get and checks it holds what that call sent (so an
// answer paired with the wrong request would be caught). Prints one JSON line
// {"acked": [["TAG-i", "cap-n"], ...], "failed": n} and exits 0; a call that fails (the server was
// killed) is counted, not fatal. Run by crates/cli/tests/serve.rs.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, token, countText, tag] = process.argv.slice(2);
const count = Number(countText);
const mode = process.env.LOAD_MODE ?? "check";
const transport = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${token}` } },
});
const client = new Client({ name: `load-${tag}`, version: "1.0.0" });
let tools;
try {
  await client.connect(transport);
  ({ tools } = await client.listTools());
} catch (e) {
  // Tolerant mode (the server is killed under load): killed before this client got going.
  if (mode === "check") throw e;
  console.log(JSON.stringify({ acked: [], failed: count }));
  process.exit(0);
}
if (!tools.some((t) => t.name === "memory_put")) {
  console.error("memory_put is not listed");
  process.exit(1);
}
const sent = Array.from({ length: count }, (_, i) => `${tag}-${i}`);
const settled = await Promise.allSettled(
  sent.map((content) =>
    client.callTool({ name: "memory_put", arguments: { content } }, undefined, { timeout: 120000 }),
  ),
);
const acked = [];
let failed = 0;
settled.forEach((s, i) => {
  if (s.status === "fulfilled" && !s.value.isError && s.value.structuredContent?.id) {
    acked.push([sent[i], s.value.structuredContent.id]);
  } else {
    failed += 1;
  }
});
if (mode === "check") {
  for (const [content, id] of acked) {
    const got = await client.callTool({ name: "memory_get", arguments: { id } });
    if (got.structuredContent?.content !== content) {
      console.error(`${id} holds ${JSON.stringify(got.structuredContent)}, not ${content}`);
      process.exit(1);
    }
  }
}
console.log(JSON.stringify({ acked, failed }));
await client.close().catch(() => {});
process.exit(0);
