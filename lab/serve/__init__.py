"""Serving this machine: the tool set over MCP (`mcp_server.py`, `lab serve`) and what "this
machine only" means for any local server (`loopback.py`, also `lab view`'s)."""
