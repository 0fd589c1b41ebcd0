// Drives `kenning mcp` with the official MCP TypeScript client (@modelcontextprotocol/sdk).
//
//   node client.mjs BIN STOREDIR
//
// BIN is the built `kenning` binary, STOREDIR an empty directory for the store. Exits 0 when
// every check passes; otherwise prints the failed check and exits 1. Run by crates/cli/tests/mcp.rs.

import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';

const [bin, dir] = process.argv.slice(2);
if (!bin || !dir) {
  console.error('usage: node client.mjs BIN STOREDIR');
  process.exit(2);
}
const store = join(dir, 'memory.redb');
const SCOPE = 'bot.test';

let checks = 0;
const log = (msg) => console.log(`ok ${++checks} - ${msg}`);

/** Runs the kenning CLI (store set-up before a server holds the file). */
function cli(...args) {
  return execFileSync(bin, ['--store', store, ...args], { encoding: 'utf8' });
}

/** A connected client on `kenning mcp` with `args` and extra environment. */
async function connect(args, env = {}) {
  const transport = new StdioClientTransport({
    command: bin,
    args: ['--store', store, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => { stderr += chunk; });
  const client = new Client({ name: 'kenning-ci', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** The JSON a tool answered: its structured content, else its text content parsed. */
function body(result) {
  assert.equal(result.isError ?? false, false, `tool reported an error: ${JSON.stringify(result)}`);
  if (result.structuredContent !== undefined) return result.structuredContent;
  return JSON.parse(result.content[0].text);
}

async function call(client, name, args) {
  return body(await client.callTool({ name, arguments: args }));
}

/** Calls a tool that must fail with JSON-RPC `code` and, when given, `data` fields. */
async function fails(client, name, args, code, data = {}) {
  try {
    const result = await client.callTool({ name, arguments: args });
    assert.fail(`${name}(${JSON.stringify(args)}) succeeded: ${JSON.stringify(result)}`);
  } catch (e) {
    if (e instanceof assert.AssertionError) throw e;
    assert.equal(e.code, code, `${name}(${JSON.stringify(args)}): ${e.message}`);
    for (const [k, v] of Object.entries(data)) {
      assert.deepEqual(e.data?.[k], v, `${name}: data.${k} in ${JSON.stringify(e.data)}`);
    }
    assert.ok(e.message.length > 20, `${name}: the message should teach the fix: ${e.message}`);
    return e;
  }
}

/** Calls a tool of the official memory server that must fail as that server fails: a result
 * with isError true and the message as text, the details under _meta["kenning/error"]. */
async function toolError(client, name, args, data = {}) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, true, `${name}(${JSON.stringify(args)}) succeeded: ${JSON.stringify(result)}`);
  assert.equal(result.structuredContent, undefined, `${name}: an error carries no structured content`);
  const text = result.content?.[0]?.text ?? '';
  assert.ok(text.length > 20, `${name}: the message should teach the fix: ${text}`);
  const detail = result._meta?.['kenning/error'] ?? {};
  for (const [k, v] of Object.entries(data)) {
    assert.deepEqual(detail[k], v, `${name}: _meta["kenning/error"].${k} in ${JSON.stringify(detail)}`);
  }
  return text;
}

const PARSE = -32700;
const REQUEST = -32600;
const INVALID = -32602;
const RESOURCE = -32002;
const DENIED = -32003;

const TOOLS = [
  'memory_put', 'memory_get', 'memory_forget', 'memory_retrieve', 'memory_vector',
  'memory_classify', 'memory_vocabulary_get', 'memory_vocabulary_declare',
  'memory_graph_commit', 'memory_graph_query',
  'create_entities', 'create_relations', 'add_observations', 'delete_entities',
  'delete_observations', 'delete_relations', 'read_graph', 'search_nodes', 'open_nodes',
];

// ---- set-up: scopes and an API key, before any server holds the store ----
cli('scopes', 'register', SCOPE, '--kind', 'agent');
cli('scopes', 'register', 'bot.other', '--kind', 'agent');
const key = JSON.parse(cli('keys', 'create', '--name', 'ci-agent',
  '--permission', 'agent.memory:read', '--permission', 'agent.memory:write',
  '--permission', 'agent.vocabulary:read', '--agents', SCOPE, '-o', 'json'));
assert.match(key.secret, /\S{16,}/);

// ---- no principal: refused at start ----
{
  const run = spawnSync(bin, ['--store', store, 'mcp'], {
    encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, input: '',
  });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /needs a principal: pass --api-key .* or --operator NAME/s);
  const both = spawnSync(bin, ['--store', store, 'mcp', '--operator', 'ci'], {
    encoding: 'utf8', env: { PATH: process.env.PATH ?? '', KENNING_API_KEY: key.secret }, input: '',
  });
  assert.notEqual(both.status, 0);
  assert.match(both.stderr, /--operator and --api-key/);
  log('kenning mcp refuses to start without a principal, or with two');
}

// ---- management session ----
const { client: ops, stderr: opsStderr } = await connect(['--operator', 'ci', '--scope', SCOPE]);
try {
  const info = ops.getServerVersion();
  assert.equal(info.name, 'kenning');
  assert.ok(ops.getInstructions()?.includes('atomic'));
  log('initialize: server info and instructions');

  const { tools } = await ops.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
  for (const t of tools) {
    assert.ok(t.description && t.description.length >= 80, `${t.name}: description`);
    assert.equal(t.inputSchema?.type, 'object', `${t.name}: inputSchema`);
    // Every tool answers structured content, so every tool says its shape; the SDK checks
    // each answer below against it.
    assert.equal(t.outputSchema?.type, 'object', `${t.name}: outputSchema`);
  }
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  assert.deepEqual(byName.memory_put.inputSchema.required, ['content']);
  assert.deepEqual(byName.create_entities.inputSchema.required, ['entities']);
  assert.deepEqual(byName.open_nodes.inputSchema.required, ['names']);
  assert.equal(byName.memory_get.annotations?.readOnlyHint, true);
  log(`tools/list: ${tools.length} tools, each with a description and an input schema`);

  await fails(ops, 'no_such_tool', {}, INVALID, { kind: 'unknown_tool' });
  log('an unknown tool is -32602');

  // Protocol errors of tools/call are -32602, never -32601 (method not found).
  for (const params of [{ name: 'memory_put', arguments: 'content' }, { name: 'memory_put', arguments: [1] }, { arguments: {} }]) {
    try {
      await ops.request({ method: 'tools/call', params }, CallToolResultSchema);
      assert.fail(`tools/call ${JSON.stringify(params)} succeeded`);
    } catch (e) {
      if (e instanceof assert.AssertionError) throw e;
      assert.equal(e.code, INVALID, `tools/call ${JSON.stringify(params)}: ${e.message}`);
      assert.match(e.message, /params\.(arguments|name)/);
    }
  }
  log('tools/call with non-object arguments or no name is -32602 naming the field');

  // A string cut inside an emoji, as JavaScript cuts it, carries a lone surrogate: replaced by
  // U+FFFD, and the call is answered.
  const cut = 'Ana sent 🚀🚀'.slice(0, 10);
  const lone = await call(ops, 'memory_put', { content: cut });
  assert.equal((await call(ops, 'memory_get', { id: lone.id })).content, 'Ana sent \ufffd');
  log('a lone UTF-16 surrogate is stored as U+FFFD and answered');

  // Nesting past 128 levels: answered -32700 with the request's id.
  let deep = 'leaf';
  for (let i = 0; i < 200; i++) deep = [deep];
  await fails(ops, 'memory_put', { content: 'x', metadata: { deep } }, PARSE);
  log('arguments nested deeper than 128 levels are answered -32700');

  // memory_put / memory_get
  const put = await call(ops, 'memory_put', {
    content: 'Ana prefers email over phone calls.',
    origin: 'owner-stated',
    metadata: { topic: 'contact' },
    valid_from: '2024-01-01T00:00:00Z',
  });
  assert.match(put.id, /^cap-\d+$/);
  const got = await call(ops, 'memory_get', { id: put.id });
  assert.equal(got.content, 'Ana prefers email over phone calls.');
  assert.equal(got.scope, SCOPE);
  assert.equal(got.origin, 'owner-stated');
  assert.deepEqual(got.metadata, { topic: 'contact' });
  assert.equal((await call(ops, 'memory_get', { capsule_id: put.id })).content, got.content);
  await fails(ops, 'memory_put', {}, INVALID);
  await fails(ops, 'memory_put', { content: '   ' }, INVALID, { kind: 'invalid_argument' });
  await fails(ops, 'memory_put', { content: 'x', origin: 'rumour' }, INVALID);
  await fails(ops, 'memory_put', { content: 'x', valid_from: 'yesterday' }, INVALID, { field: 'valid_from' });
  await fails(ops, 'memory_put', { content: 'x', scope: 'bot.nowhere' }, RESOURCE, { kind: 'not_found' });
  // Fields are named as the client sent them, never by the facade's internal names.
  const byId = await fails(ops, 'memory_get', { id: 'capsule-1' }, INVALID, { field: 'id' });
  assert.doesNotMatch(byId.message, /capsule_id/);
  await fails(ops, 'memory_get', { capsule_id: 'capsule-1' }, INVALID, { field: 'capsule_id' });
  const badScope = await fails(ops, 'memory_graph_query', { scope: 'bad scope' }, INVALID, { field: 'scope' });
  assert.doesNotMatch(badScope.message, /scope_id/);
  await fails(ops, 'memory_vocabulary_get', { scopeId: 'bad scope' }, INVALID, { field: 'scopeId' });
  await fails(ops, 'memory_vocabulary_get', { scope: 'bad scope' }, INVALID, { field: 'scope' });
  await fails(ops, 'memory_get', {}, INVALID, { field: 'id' });
  await fails(ops, 'memory_get', { id: 'cap-999999' }, RESOURCE, { kind: 'unknown_capsule', id: 'cap-999999' });
  log('memory_put / memory_get: valid and invalid arguments, unknown_capsule naming the id (C7, C8, K9)');

  // memory_retrieve
  const other = await call(ops, 'memory_put', { content: "Ana's invoices go to the finance mailbox." });
  const found = await call(ops, 'memory_retrieve', { query: 'how do I email Ana', lane: 'term', limit: 5 });
  assert.equal(found.lane, 'term');
  assert.equal(found.hits[0].capsule.id, put.id);
  const windowed = await call(ops, 'memory_retrieve', {
    query: 'Ana', time_window: { from: '2023-06-01T00:00:00Z' },
  });
  assert.deepEqual(windowed.hits.map((h) => h.capsule.id), [put.id]);
  await fails(ops, 'memory_retrieve', {}, INVALID, { field: 'query' });
  await fails(ops, 'memory_retrieve', { query: '  ' }, INVALID);
  await fails(ops, 'memory_retrieve', { query: 'Ana', lane: 'vector' }, INVALID);
  await fails(ops, 'memory_retrieve', { query: 'Ana', lane: 'sideways' }, INVALID);
  await fails(ops, 'memory_retrieve', { query: 'Ana', limit: 0 }, INVALID);
  log('memory_retrieve: term lane and time window; invalid lanes and limits (R5)');

  // memory_vector
  const attached = await call(ops, 'memory_vector', { capsule_id: put.id, embedding: [0.9, 0.1, 0.0], model_tag: 'm1' });
  assert.deepEqual(attached, { recorded: true, replaced: false });
  const again = await call(ops, 'memory_vector', { id: other.id, embedding: [0.1, 0.9, 0.2], model_tag: 'm1' });
  assert.deepEqual(again, { recorded: true, replaced: false });
  const listing = await ops.callTool({ name: 'memory_vector', arguments: {} });
  const stored = [
    { capsule_id: put.id, dimension: 3, model_tag: 'm1' },
    { capsule_id: other.id, dimension: 3, model_tag: 'm1' },
  ];
  assert.deepEqual(listing.structuredContent, { embeddings: stored });
  assert.deepEqual(JSON.parse(listing.content[0].text), stored);
  const tooBig = await fails(ops, 'memory_vector', { capsule_id: put.id, embedding: [1e39, 0, 0], model_tag: 'm1' }, INVALID, { field: 'embedding[0]' });
  assert.match(tooBig.message, /out of the f32 range/);
  // An attach without scope acts on the capsule's own scope, as memory_get finds it.
  const away = await call(ops, 'memory_put', { content: 'Kept in the other scope.', scope: 'bot.other' });
  assert.equal((await call(ops, 'memory_get', { id: away.id })).scope, 'bot.other');
  assert.deepEqual(await call(ops, 'memory_vector', { capsule_id: away.id, embedding: [0.2, 0.2, 0.9], model_tag: 'm1' }), { recorded: true, replaced: false });
  const wrong = await fails(ops, 'memory_vector', { capsule_id: away.id, scope: SCOPE, embedding: [0.2, 0.2, 0.9], model_tag: 'm1' }, INVALID, { field: 'scope' });
  assert.match(wrong.message, /belongs to scope "bot.other"/);
  assert.deepEqual((await call(ops, 'memory_vector', { scope: 'bot.other' })).embeddings.map((e) => e.capsule_id), [away.id]);
  await fails(ops, 'memory_vector', { capsule_id: put.id, embedding: [], model_tag: 'm1' }, INVALID);
  await fails(ops, 'memory_vector', { capsule_id: put.id, embedding: [0, 0, 0], model_tag: 'm1' }, INVALID);
  await fails(ops, 'memory_vector', { capsule_id: put.id, embedding: [1, 0, 0] }, INVALID);
  await fails(ops, 'memory_vector', { capsule_id: put.id, embedding: [1, 0, 0], model_tag: 'm2' }, RESOURCE, { kind: 'failed_precondition' });
  await fails(ops, 'memory_vector', { capsule_id: 'cap-999999', embedding: [1, 0, 0], model_tag: 'm1' }, RESOURCE, { kind: 'unknown_capsule', id: 'cap-999999' });
  const fused = await call(ops, 'memory_retrieve', {
    query: 'Ana', query_embedding: [1, 0, 0], lane: 'fused', rrf_k: 10, weights: { term: 1, vector: 2 },
  });
  assert.equal(fused.lane, 'fused');
  assert.equal(fused.hits[0].capsule.id, put.id);
  assert.equal(fused.hits[0].vector.rank, 1);
  const auto = await call(ops, 'memory_retrieve', { query: 'Ana', query_embedding: [1, 0, 0] });
  assert.equal(auto.lane, 'fused');
  const vec = await call(ops, 'memory_retrieve', { query_embedding: [0, 1, 0], lane: 'vector' });
  assert.equal(vec.hits[0].capsule.id, other.id);
  await fails(ops, 'memory_retrieve', { query_embedding: [1, 0], lane: 'vector' }, INVALID);
  await fails(ops, 'memory_retrieve', { query: 'Ana', query_embedding: [1, 0, 0], rrf_k: -1 }, INVALID, { field: 'rrf_k' });
  // Fusion parameters are checked on every lane, named as sent.
  await fails(ops, 'memory_retrieve', { query: 'Ana', lane: 'term', rrf_k: -5 }, INVALID, { field: 'rrf_k' });
  await fails(ops, 'memory_retrieve', { query: 'Ana', lane: 'term', weights: { term: 0, vector: 0 } }, INVALID, { field: 'weights.vector' });
  const typed = await fails(ops, 'memory_retrieve', { query: 'Ana', limit: 'ten' }, INVALID, { field: 'limit' });
  assert.doesNotMatch(typed.message, /usize|line 1 column/);
  await fails(ops, 'memory_retrieve', { query: 'Ana', query_embedding: [1e39, 0, 0] }, INVALID, { field: 'query_embedding[0]' });
  log('memory_vector: attach, list, refusals; vector and fused recall (E1, E2, E3, E5, R3, R6, R7)');

  // memory_classify
  const advice = await call(ops, 'memory_classify', { content: 'We decided to keep EU data in Frankfurt.' });
  assert.equal(advice.kind, 'decision');
  assert.equal(advice.persisted, false);
  const persisted = await call(ops, 'memory_classify', {
    content: 'Ana prefers email over phone calls.', kind: 'fact', id: put.id,
    evidence_state: 'observed', proof_hint: 'grep email crm.txt',
  });
  assert.equal(persisted.persisted, true);
  assert.equal(persisted.capsule_id, put.id);
  assert.equal(persisted.content_matches_capsule, true);
  assert.equal(persisted.epistemics.evidence_state, 'observed');
  const labelled = await call(ops, 'memory_get', { id: put.id });
  assert.equal(labelled.classification.label.kind, 'fact');
  assert.equal(labelled.epistemics.proof_hint, 'grep email crm.txt');
  await fails(ops, 'memory_classify', { content: 'x', kind: 'fact', evidence_state: 'observed' }, INVALID);
  await fails(ops, 'memory_classify', { content: 'x', kind: 'fact', id: put.id, capsule_id: other.id }, INVALID);
  await fails(ops, 'memory_classify', { content: 'x', kind: 'rumour' }, INVALID);
  await fails(ops, 'memory_classify', { content: 'hello there' }, INVALID, { kind: 'underivable' });
  await fails(ops, 'memory_classify', { content: 'x', kind: 'fact', capsule_id: 'cap-999999' }, RESOURCE, { kind: 'unknown_capsule', id: 'cap-999999' });
  log('memory_classify: advisory, persisted with epistemics; invalid and unknown capsule (K3, K6, K7, K8, K9)');

  // memory_vocabulary_declare / memory_vocabulary_get
  const vocabulary = {
    entityClasses: [{ name: 'Person', description: 'an individual human being' },
      { name: 'Organization', description: 'a company or institution' }],
    relationTypes: [{ name: 'WORKS_AT', description: 'employment',
      signatures: [{ sourceClass: 'Person', targetClass: 'Organization' }] }],
  };
  assert.deepEqual(await call(ops, 'memory_vocabulary_declare', { scopeId: SCOPE, vocabulary }),
    { declared: true, scopeId: SCOPE });
  const read = await call(ops, 'memory_vocabulary_get', { scopeId: SCOPE });
  assert.deepEqual(read.declaration.entityClasses.map((c) => c.name).sort(), ['Organization', 'Person']);
  assert.deepEqual(read.resolved, read.declaration);
  assert.deepEqual(await call(ops, 'memory_vocabulary_get', { scope: SCOPE }), read);
  await fails(ops, 'memory_vocabulary_get', { scope: SCOPE, scopeId: 'bot.other' }, INVALID, { field: 'scopeId' });
  const enterprise = await call(ops, 'memory_vocabulary_get', {});
  assert.equal(enterprise.declaration, undefined);
  await fails(ops, 'memory_vocabulary_get', { scopeId: 'bot.nowhere' }, RESOURCE, { kind: 'not_found' });
  await fails(ops, 'memory_vocabulary_declare', { scopeId: SCOPE, vocabulary: { entityClasses: [{ name: '' }] } }, INVALID);
  await fails(ops, 'memory_vocabulary_declare', { scopeId: SCOPE }, INVALID);
  const misspelt = await fails(ops, 'memory_vocabulary_declare', { scopeId: SCOPE, vocabulary: { entityClasses: [{ nam: 'Person' }] } }, INVALID, { field: 'vocabulary.entityClasses[0].nam' });
  assert.doesNotMatch(misspelt.message, /line \d+ column|the body/);
  log('memory_vocabulary_declare / memory_vocabulary_get as a management session (V9)');

  // memory_graph_commit / memory_graph_query
  const report = await call(ops, 'memory_graph_commit', {
    nodes: [{ id: 'ada', label: 'Ada', nodeType: 'Person' }, { id: 'acme', label: 'Acme', nodeType: 'Organization' }],
    edges: [{ source: 'ada', relationType: 'WORKS_AT', target: 'acme' }],
  });
  assert.equal(report.nodesCreated, 2);
  assert.equal(report.edgesCreated, 1);
  const kept = await call(ops, 'memory_graph_commit', { nodes: [{ id: 'ada', label: 'Ada L.', nodeType: 'Robot' }] });
  assert.equal(kept.classesKept[0].stored, 'Person');
  const people = await call(ops, 'memory_graph_query', { start: { filters: [{ key: 'NodeType', value: 'Person' }] } });
  assert.deepEqual(people.nodes.map((n) => [n.id, n.label, n.nodeType]), [['ada', 'Ada L.', 'Person']]);
  const walk = await call(ops, 'memory_graph_query', {
    start: { filters: [{ key: 'NodeId', value: 'ada' }] }, traverse: { direction: 'out', depth: 1 },
  });
  assert.deepEqual(walk.nodes.map((n) => n.id).sort(), ['acme', 'ada']);
  await fails(ops, 'memory_graph_commit', { edges: [{ source: 'ada', relationType: 'KNOWS', target: 'ghost' }] }, RESOURCE, { kind: 'failed_precondition' });
  await fails(ops, 'memory_graph_commit', { nodes: [{ id: '', label: 'Nobody' }] }, INVALID);
  await fails(ops, 'memory_graph_commit', { nodes: [{ id: 'x' }] }, INVALID);
  await fails(ops, 'memory_graph_query', { start: { filters: [{ key: 'Colour', value: 'red' }] } }, INVALID);
  await fails(ops, 'memory_graph_query', { limit: 0 }, INVALID);
  await fails(ops, 'memory_graph_query', { scope: 'bot.nowhere' }, RESOURCE, { kind: 'not_found' });
  log('memory_graph_commit / memory_graph_query: classes assign-once, traversal, refusals (G2, G6)');

  // memory_forget
  const doomed = await call(ops, 'memory_put', { content: 'A memory to forget.' });
  assert.deepEqual(await call(ops, 'memory_forget', { id: doomed.id }), { forgotten: doomed.id });
  await fails(ops, 'memory_get', { id: doomed.id }, RESOURCE, { kind: 'unknown_capsule', id: doomed.id });
  await fails(ops, 'memory_forget', { id: doomed.id }, RESOURCE, { kind: 'unknown_capsule', id: doomed.id });
  await fails(ops, 'memory_forget', { id: 'forty-two' }, INVALID);
  log('memory_forget: forgets once, then unknown_capsule (C7, C8)');

  // The official memory server's tools.
  const created = await ops.callTool({ name: 'create_entities', arguments: {
    entities: [
      { name: 'Bob', entityType: 'Person', observations: ['Bob speaks Portuguese.', 'Bob likes chess.'] },
      { name: 'Globex', entityType: 'Organization', observations: [] },
    ],
  } });
  assert.deepEqual(JSON.parse(created.content[0].text), created.structuredContent.entities);
  assert.deepEqual(created.structuredContent.entities, [
    { name: 'Bob', entityType: 'Person', observations: ['Bob speaks Portuguese.', 'Bob likes chess.'] },
    { name: 'Globex', entityType: 'Organization', observations: [] },
  ]);
  const merged = await call(ops, 'create_entities', { entities: [{ name: 'Bob', entityType: 'Robot', observations: [] }] });
  assert.deepEqual(merged.entities, []);
  const rel = await call(ops, 'create_relations', { relations: [{ from: 'Bob', to: 'Globex', relationType: 'works_at' }] });
  assert.deepEqual(rel.relations, [{ from: 'Bob', to: 'Globex', relationType: 'works_at' }]);
  assert.deepEqual((await call(ops, 'create_relations', { relations: [{ from: 'Bob', to: 'Globex', relationType: 'works_at' }] })).relations, []);
  const added = await call(ops, 'add_observations', { observations: [{ entityName: 'Bob', contents: ['Bob likes chess.', 'Bob moved to Lisbon.'] }] });
  assert.deepEqual(added.results, [{ entityName: 'Bob', addedObservations: ['Bob moved to Lisbon.'] }]);
  const opened = await call(ops, 'open_nodes', { names: ['Bob', 'Nobody'] });
  assert.deepEqual(opened.entities.map((e) => [e.name, e.entityType]), [['Bob', 'Person']]);
  assert.deepEqual(opened.entities[0].observations, ['Bob speaks Portuguese.', 'Bob likes chess.', 'Bob moved to Lisbon.']);
  assert.deepEqual(opened.relations, [{ from: 'Bob', to: 'Globex', relationType: 'works_at' }]);
  const searched = await call(ops, 'search_nodes', { query: 'lisbon' });
  assert.deepEqual(searched.entities.map((e) => e.name), ['Bob']);
  const stemmed = await call(ops, 'search_nodes', { query: 'moving' });
  assert.deepEqual(stemmed.entities.map((e) => e.name), ['Bob']);
  const whole = await call(ops, 'read_graph', {});
  assert.deepEqual(whole.entities.map((e) => e.name), ['Bob', 'Globex', 'acme', 'ada']);
  assert.equal(whole.entities.find((e) => e.name === 'ada').entityType, 'Person');
  const recalled = await call(ops, 'memory_retrieve', { query: 'Lisbon', lane: 'term' });
  assert.equal(recalled.hits[0].capsule.content, 'Bob moved to Lisbon.');
  const delObs = await ops.callTool({ name: 'delete_observations', arguments: { deletions: [{ entityName: 'Bob', observations: ['Bob likes chess.'] }] } });
  assert.equal(delObs.content[0].text, 'Observations deleted successfully');
  assert.deepEqual((await call(ops, 'open_nodes', { names: ['Bob'] })).entities[0].observations,
    ['Bob speaks Portuguese.', 'Bob moved to Lisbon.']);
  const delRel = await ops.callTool({ name: 'delete_relations', arguments: { relations: [{ from: 'Bob', to: 'Globex', relationType: 'works_at' }] } });
  assert.equal(delRel.content[0].text, 'Relations deleted successfully');
  assert.deepEqual((await call(ops, 'open_nodes', { names: ['Bob'] })).relations, []);
  const delEnt = await ops.callTool({ name: 'delete_entities', arguments: { entityNames: ['Bob', 'Nobody'] } });
  assert.equal(delEnt.content[0].text, 'Entities deleted successfully');
  assert.deepEqual(delEnt.structuredContent, { success: true, message: 'Entities deleted successfully' });
  assert.deepEqual((await call(ops, 'open_nodes', { names: ['Bob'] })).entities, []);
  assert.equal((await call(ops, 'memory_retrieve', { query: 'Lisbon', lane: 'term' })).hits.length, 0);
  // Execution errors of the official tools are results with isError, as that server answers.
  await toolError(ops, 'create_entities', {}, { jsonrpcCode: INVALID });
  await toolError(ops, 'create_entities', { entities: [{ name: ' Bob', entityType: 'Person', observations: [] }] }, { kind: 'invalid_argument' });
  const unknown = await toolError(ops, 'add_observations', { observations: [{ entityName: 'Nobody', contents: ['x'] }] }, { kind: 'unknown_entity', name: 'Nobody' });
  assert.match(unknown, /Nobody/);
  await toolError(ops, 'delete_entities', { entityNames: 'Bob' }, { field: 'entityNames' });
  await toolError(ops, 'delete_observations', { deletions: [{ entityName: 'Globex' }] }, { field: 'deletions[0]' });
  await toolError(ops, 'delete_relations', {});
  await toolError(ops, 'search_nodes', {});
  await toolError(ops, 'open_nodes', { names: [42] }, { field: 'names[0]' });
  await toolError(ops, 'read_graph', { scope: 'bot.nowhere' }, { kind: 'not_found' });
  // Fields named as the official shape spells them, not as the graph stores them.
  await toolError(ops, 'create_relations', { relations: [{ from: ' x', to: 'y', relationType: 'k' }] }, { field: 'relations[0].from' });
  await toolError(ops, 'create_relations', { relations: [{ from: 'x', to: 'y ', relationType: 'k' }] }, { field: 'relations[0].to' });
  await toolError(ops, 'delete_relations', { relations: [{ from: 'x', to: 'y', relationType: 'k\u0000' }] }, { field: 'relations[0].relationType' });
  await toolError(ops, 'add_observations', { observations: [{ entityName: ' x', contents: ['a'] }] }, { field: 'observations[0].entityName' });
  await toolError(ops, 'delete_observations', { deletions: [{ entityName: ' x', observations: ['a'] }] }, { field: 'deletions[0].entityName' });
  const huge = await toolError(ops, 'open_nodes', { names: ['x'], scope: 'y'.repeat(100000) });
  assert.ok(huge.length < 1000, `an error quotes a prefix of a bad value, not all of it: ${huge.length} characters`);
  // A relation before its entities is kept, as the official server keeps it: the missing end
  // is an entity without a type, which create_entities types later.
  const early = await call(ops, 'create_relations', { relations: [
    { from: 'Globex', to: 'Nobody', relationType: 'owns' }, { from: 'Globex', to: 'acme', relationType: 'knows' }] });
  assert.equal(early.relations.length, 2);
  const withGhost = await call(ops, 'read_graph', {});
  assert.deepEqual(withGhost.entities.find((e) => e.name === 'Nobody'), { name: 'Nobody', entityType: '', observations: [] });
  assert.ok(withGhost.relations.some((r) => r.from === 'Globex' && r.to === 'Nobody'));
  await call(ops, 'create_entities', { entities: [{ name: 'Nobody', entityType: 'Person', observations: ['Nobody owns nothing.'] }] });
  assert.equal((await call(ops, 'open_nodes', { names: ['Nobody'] })).entities[0].entityType, 'Person');
  log('official memory server tools: shapes, merges, deletions, recall, relations before entities, errors as isError results');

  // The official server's resource: the whole graph.
  const { resources } = await ops.listResources();
  assert.deepEqual(resources.map((r) => [r.uri, r.mimeType]), [['memory://knowledge-graph', 'application/json']]);
  const resource = await ops.readResource({ uri: 'memory://knowledge-graph' });
  assert.deepEqual(JSON.parse(resource.contents[0].text), await call(ops, 'read_graph', {}));
  await assert.rejects(ops.readResource({ uri: 'memory://nothing' }), (e) => e.code === RESOURCE);
  log('resources: memory://knowledge-graph reads the graph as read_graph answers it');

  // 50 concurrent calls: none lost, none mismatched.
  const contents = Array.from({ length: 50 }, (_, i) => `Concurrent memory number ${i} (${'x'.repeat(i)}).`);
  const puts = await Promise.all(contents.map((content) => call(ops, 'memory_put', { content })));
  const ids = puts.map((p) => p.id);
  assert.equal(new Set(ids).size, 50, `ids not distinct: ${ids}`);
  const gets = await Promise.all(ids.map((id) => call(ops, 'memory_get', { id })));
  gets.forEach((g, i) => {
    assert.equal(g.id, ids[i]);
    assert.equal(g.content, contents[i]);
  });
  const mixed = await Promise.all(ids.map((id, i) => (i % 2
    ? call(ops, 'memory_get', { id })
    : call(ops, 'memory_retrieve', { query: `number ${i}`, lane: 'term', limit: 50 }))));
  mixed.forEach((m, i) => {
    if (i % 2) assert.equal(m.content, contents[i]);
    else assert.ok(m.hits.some((h) => h.capsule.id === ids[i]), `retrieve ${i}`);
  });
  log('50 concurrent memory_put, then 50 concurrent memory_get and 50 mixed calls: all answered, none mismatched');
} catch (e) {
  console.error(`server stderr:\n${opsStderr()}`);
  throw e;
} finally {
  await ops.close();
}

// ---- a server with a small message bound ----
{
  const { client: small } = await connect(['--operator', 'ci', '--scope', SCOPE, '--max-message-bytes', '4096']);
  try {
    const e = await fails(small, 'memory_put', { content: 'x'.repeat(5000) }, REQUEST);
    assert.match(e.message, /4096 bytes.*--max-message-bytes/);
    assert.match((await call(small, 'memory_put', { content: 'Small enough.' })).id, /^cap-\d+$/);
  } finally {
    await small.close();
  }
  log('a message over --max-message-bytes is answered -32600 naming the bound, and serving goes on');
}

// ---- API-key session ----
const { client: agent, stderr: agentStderr } = await connect(['--scope', SCOPE], { KENNING_API_KEY: key.secret });
try {
  const mine = await call(agent, 'memory_put', { content: 'Written by the agent key.' });
  assert.equal((await call(agent, 'memory_get', { id: mine.id })).content, 'Written by the agent key.');
  await fails(agent, 'memory_vocabulary_declare', { scopeId: SCOPE, vocabulary: { entityClasses: [], relationTypes: [] } },
    DENIED, { kind: 'permission_denied' });
  const unchanged = await call(agent, 'memory_vocabulary_get', { scopeId: SCOPE });
  assert.equal(unchanged.declaration.entityClasses.length, 2);
  await fails(agent, 'memory_put', { content: 'out of reach', scope: 'bot.other' }, RESOURCE, { kind: 'not_found' });
  log('API-key session: memory within reach; vocabulary declaration refused with -32003 (A2); out of reach answered as unknown (A5)');
} catch (e) {
  console.error(`server stderr:\n${agentStderr()}`);
  throw e;
} finally {
  await agent.close();
}

console.log(`all ${checks} checks passed`);
