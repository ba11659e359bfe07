"""`path_resolve(query, intent_text?)`: pathfinder's resolution, rendered by the run's vocabulary."""

from __future__ import annotations

from lab.pathfinder.query import check_query
from lab.tools.base import Tool, ToolContext, ToolResult, error
from lab.vocab import dumps, render, tool_description


class PathResolve(Tool):
    name = "path_resolve"
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string",
                      "description": "The file to find: a name, a partial path, or what it does."},
            "intent_text": {"type": "string",
                            "description": "Optional: what you want to do with the file."},
        },
        "required": ["query"],
    }

    def description(self, ctx: ToolContext) -> str:
        return tool_description(ctx.vocab)

    def run(self, args: dict, ctx: ToolContext) -> ToolResult:
        query = args["query"].strip()
        if not query:
            return error("path_resolve needs a non-empty query.", tool_name=self.name)
        intent = (args.get("intent_text") or "").strip() or None
        problem = check_query(query, intent)
        if problem:  # refused before any work: the text is never echoed back
            return error(f"path_resolve: {problem}.", tool_name=self.name)
        rendered = render(ctx.resolver.resolve(query, intent=intent), ctx.vocab)
        return ToolResult(text=dumps(rendered), structured=rendered)
