"""Drives `kenning serve`'s /mcp (Streamable HTTP) with the official Python client.

    python http_load.py URL TOKEN COUNT TAG

The same as http_load.mjs: COUNT concurrent memory_put calls (contents `TAG-<i>`), each
acknowledged capsule read back and checked, one JSON line {"acked": [...], "failed": n}.
Run by crates/cli/tests/serve.rs.
"""

import asyncio
import json
import os
import sys

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

URL, TOKEN, COUNT, TAG = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]


CHECK = os.environ.get("LOAD_MODE", "check") == "check"
acked = []


async def put(session, content):
    try:
        result = await session.call_tool("memory_put", {"content": content})
    except Exception:  # the server was killed: counted, not fatal
        if CHECK:
            raise
        return
    if not result.is_error and result.structured_content:
        acked.append([content, result.structured_content.get("id")])


async def session_run():
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {TOKEN}"})
    async with http, streamable_http_client(URL, http_client=http) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            assert any(t.name == "memory_put" for t in tools.tools), "memory_put is not listed"
            await asyncio.gather(*(put(session, f"{TAG}-{i}") for i in range(COUNT)))
            if CHECK:
                for content, cap in acked:
                    got = await session.call_tool("memory_get", {"id": cap})
                    held = (got.structured_content or {}).get("content")
                    assert held == content, f"{cap} holds {held!r}, not {content!r}"


async def main():
    try:
        await session_run()
    except BaseException:
        # Tolerant mode (the server is killed under load): report what was acknowledged.
        if CHECK:
            raise
    print(json.dumps({"acked": acked, "failed": COUNT - len(acked)}), flush=True)
    os._exit(0)


asyncio.run(main())
