"""Drives `kenning mcp` with the official MCP Python SDK (`mcp`, pinned in requirements.txt).

    python client.py BIN STOREDIR

BIN is the built `kenning` binary, STOREDIR an empty directory for the store. Exits 0 when
every check passes; otherwise prints the failed check and exits 1. Run by
crates/cli/tests/mcp_python.rs, a second client independent of the TypeScript one (client.mjs).
The SDK checks every structured result against the tool's outputSchema.
"""

import asyncio
import json
import os
import subprocess
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

BIN, DIR = sys.argv[1], sys.argv[2]
STORE = os.path.join(DIR, "memory.redb")
SCOPE = "bot.py"
INVALID, RESOURCE, PARSE, REQUEST = -32602, -32002, -32700, -32600
checks = 0


def log(message):
    global checks
    checks += 1
    print(f"ok {checks} - {message}", flush=True)


def cli(*args):
    return subprocess.run([BIN, "--store", STORE, *args], check=True, capture_output=True, text=True).stdout


def server(*args):
    return StdioServerParameters(
        command=BIN,
        args=["--store", STORE, "mcp", "--operator", "py", "--scope", SCOPE, *args],
        env={"PATH": os.environ.get("PATH", "")},
    )


async def call(session, name, arguments):
    """A tool's structured content; the call must succeed."""
    result = await session.call_tool(name, arguments)
    assert not result.is_error, f"{name}({arguments}) failed: {result}"
    assert result.structured_content is not None, f"{name}: no structured content"
    return result.structured_content


async def fails(session, name, arguments, code, **data):
    """A call that must be a JSON-RPC error with `code` and the `data` members given."""
    try:
        result = await session.call_tool(name, arguments)
    except MCPError as e:
        assert e.error.code == code, f"{name}({arguments}): {e.error.code} {e.error.message}"
        for key, value in data.items():
            assert (e.error.data or {}).get(key) == value, f"{name}: data.{key} in {e.error.data}"
        assert len(e.error.message) > 20, e.error.message
        return e.error
    raise AssertionError(f"{name}({arguments}) succeeded: {result}")


async def tool_error(session, name, arguments, **data):
    """A call of an official memory server tool that must fail as that server fails."""
    result = await session.call_tool(name, arguments)
    assert result.is_error, f"{name}({arguments}) succeeded: {result}"
    text = result.content[0].text
    detail = (result.meta or {}).get("kenning/error", {})
    for key, value in data.items():
        assert detail.get(key) == value, f"{name}: kenning/error.{key} in {detail}"
    assert len(text) > 20, text
    return text


async def main():
    cli("scopes", "register", SCOPE, "--kind", "agent")
    cli("scopes", "register", "bot.elsewhere", "--kind", "agent")

    async with stdio_client(server()) as (read, write), ClientSession(read, write) as s:
        init = await s.initialize()
        assert init.server_info.name == "kenning"
        assert init.capabilities.resources is not None
        tools = (await s.list_tools()).tools
        assert len(tools) == 19, [t.name for t in tools]
        for tool in tools:
            assert tool.output_schema and tool.output_schema.get("type") == "object", tool.name
        log(f"initialize and tools/list: {len(tools)} tools, each with an output schema")

        put = await call(s, "memory_put", {"content": "Ana prefers email over phone calls."})
        got = await call(s, "memory_get", {"id": put["id"]})
        assert got["content"] == "Ana prefers email over phone calls." and got["scope"] == SCOPE
        found = await call(s, "memory_retrieve", {"query": "email Ana", "lane": "term"})
        assert found["hits"][0]["capsule"]["id"] == put["id"]
        await fails(s, "memory_get", {"id": "cap-424242"}, RESOURCE, kind="unknown_capsule", id="cap-424242")
        await fails(s, "memory_put", {"content": " "}, INVALID, kind="invalid_argument")
        log("memory_put, memory_get, memory_retrieve; seed error codes (-32602, -32002 with data.kind)")

        attached = await call(s, "memory_vector", {"id": put["id"], "embedding": [0.1, 0.9, 0.0], "model_tag": "py"})
        assert attached == {"recorded": True, "replaced": False}
        listed = await call(s, "memory_vector", {})
        assert listed == {"embeddings": [{"capsule_id": put["id"], "dimension": 3, "model_tag": "py"}]}
        e = await fails(s, "memory_vector", {"id": put["id"], "embedding": [1e39, 0, 0], "model_tag": "py"}, INVALID, field="embedding[0]")
        assert "out of the f32 range" in e.message, e.message
        away = await call(s, "memory_put", {"content": "Filed elsewhere.", "scope": "bot.elsewhere"})
        assert (await call(s, "memory_vector", {"id": away["id"], "embedding": [1, 0, 0], "model_tag": "py"}))["recorded"]
        log("memory_vector: attach, LIST as structured content, f32 range named by index, attach in the capsule's scope")

        await fails(s, "memory_retrieve", {"query": "Ana", "lane": "term", "rrf_k": -5}, INVALID, field="rrf_k")
        await fails(s, "memory_retrieve", {"query": "Ana", "weights": {"term": 0, "vector": 0}}, INVALID, field="weights.vector")
        e = await fails(s, "memory_retrieve", {"query": "Ana", "limit": -1}, INVALID, field="limit")
        assert "usize" not in e.message and "line 1" not in e.message, e.message
        log("fusion parameters checked on every lane; fields named as sent, in JSON's words")

        label = await call(s, "memory_classify", {"content": "We decided to keep EU data in Frankfurt."})
        assert label["kind"] == "decision" and label["persisted"] is False
        await fails(s, "memory_classify", {"content": "hello there"}, INVALID, kind="underivable")
        vocabulary = {"entityClasses": [{"name": "Person", "description": "a human being"}]}
        assert await call(s, "memory_vocabulary_declare", {"scope": SCOPE, "vocabulary": vocabulary}) == {"declared": True, "scopeId": SCOPE}
        read = await call(s, "memory_vocabulary_get", {"scopeId": SCOPE})
        assert read == await call(s, "memory_vocabulary_get", {"scope": SCOPE})
        assert read["declaration"]["entityClasses"][0]["name"] == "Person"
        commit = await call(s, "memory_graph_commit", {"nodes": [{"id": "ada", "label": "Ada", "nodeType": "Person"}]})
        assert commit["nodesCreated"] == 1
        query = await call(s, "memory_graph_query", {"start": {"filters": [{"key": "NodeType", "value": "Person"}]}})
        assert [n["id"] for n in query["nodes"]] == ["ada"]
        forgot = await call(s, "memory_forget", {"id": away["id"]})
        assert forgot == {"forgotten": away["id"]}
        log("memory_classify, vocabulary (scope or scopeId), graph commit and query, forget")

        rel = await call(s, "create_relations", {"relations": [{"from": "Eve", "to": "Initech", "relationType": "works_at"}]})
        assert rel["relations"] == [{"from": "Eve", "to": "Initech", "relationType": "works_at"}]
        created = await call(s, "create_entities", {"entities": [{"name": "Eve", "entityType": "Person", "observations": ["Eve codes in Rust."]}]})
        assert created["entities"] == []  # Eve existed already, made by the relation: merged into
        graph = await call(s, "read_graph", {})
        by_name = {e["name"]: e for e in graph["entities"]}
        assert by_name["Eve"] == {"name": "Eve", "entityType": "Person", "observations": ["Eve codes in Rust."]}
        assert by_name["Initech"] == {"name": "Initech", "entityType": "", "observations": []}
        added = await call(s, "add_observations", {"observations": [{"entityName": "Initech", "contents": ["Initech makes TPS reports."]}]})
        assert added["results"] == [{"entityName": "Initech", "addedObservations": ["Initech makes TPS reports."]}]
        searched = await call(s, "search_nodes", {"query": "reports"})
        assert [e["name"] for e in searched["entities"]] == ["Initech"]
        opened = await call(s, "open_nodes", {"names": ["Eve"]})
        assert opened["relations"] == rel["relations"]
        for name, args in [
            ("delete_observations", {"deletions": [{"entityName": "Eve", "observations": ["Eve codes in Rust."]}]}),
            ("delete_relations", {"relations": rel["relations"]}),
            ("delete_entities", {"entityNames": ["Initech"]}),
        ]:
            answer = await call(s, name, args)
            assert answer["success"] is True, answer
        text = await tool_error(s, "add_observations", {"observations": [{"entityName": "Nobody", "contents": ["x"]}]}, kind="unknown_entity")
        assert "Nobody" in text
        await tool_error(s, "open_nodes", {"names": "Eve"}, field="names")
        await tool_error(s, "read_graph", {"scope": "bot.nowhere"}, kind="not_found")
        log("official memory server tools: relations before entities kept, every result structured, errors as isError results")

        resources = (await s.list_resources()).resources
        assert [str(r.uri) for r in resources] == ["memory://knowledge-graph"]
        contents = (await s.read_resource("memory://knowledge-graph")).contents
        assert json.loads(contents[0].text) == await call(s, "read_graph", {})
        log("resource memory://knowledge-graph")

        deep = "leaf"
        for _ in range(200):
            deep = [deep]
        await fails(s, "memory_put", {"content": "x", "metadata": {"deep": deep}}, PARSE)
        contents = [f"Concurrent note {i}." for i in range(50)]
        puts = await asyncio.gather(*(call(s, "memory_put", {"content": c}) for c in contents))
        gets = await asyncio.gather(*(call(s, "memory_get", {"id": p["id"]}) for p in puts))
        assert [g["content"] for g in gets] == contents
        log("nesting past 128 levels is -32700; 50 concurrent puts and gets, none lost or mismatched")

    async with stdio_client(server("--max-message-bytes", "2048")) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        e = await fails(s, "memory_put", {"content": "y" * 3000}, REQUEST)
        assert "2048" in e.message and "--max-message-bytes" in e.message, e.message
        assert (await call(s, "memory_put", {"content": "Small."}))["id"].startswith("cap-")
        log("a message over --max-message-bytes is answered -32600 naming the bound; serving goes on")

    print(f"all {checks} checks passed")


asyncio.run(main())
