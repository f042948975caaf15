"""A bare JSON-RPC MCP server (standard library only) for the proxy's bound on waiting forms:
its one tool asks FLOOD_FORMS forms at once (ids "f1", "f2", ...), the first small and each
other one with a message of FLOOD_BYTES bytes, then logs "every form sent", and returns, once
every one is answered, what each got: its action, or its error's message.
"""

import json
import os
import sys

FORMS = int(os.environ.get("FLOOD_FORMS", "100"))
BYTES = int(os.environ.get("FLOOD_BYTES", "1000000"))


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def form(n: int) -> dict:
    message = f"Question {n} of the flood" if n == 1 else "x" * BYTES
    return {
        "jsonrpc": "2.0",
        "id": f"f{n}",
        "method": "elicitation/create",
        "params": {"message": message, "requestedSchema": {"type": "object", "properties": {}}},
    }


def main() -> None:
    call_id = None
    answers = []
    for line in sys.stdin:
        message = json.loads(line)
        method = message.get("method")
        if method == "initialize":
            send({
                "jsonrpc": "2.0",
                "id": message["id"],
                "result": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {"tools": {}},
                    "serverInfo": {"name": "flood", "version": "1"},
                },
            })
        elif method == "tools/call":
            call_id = message["id"]
            for n in range(1, FORMS + 1):
                send(form(n))
            # Behind the forms: once the client has it, the proxy has taken every form.
            send({
                "jsonrpc": "2.0",
                "method": "notifications/message",
                "params": {"level": "info", "data": "every form sent"},
            })
        elif method is None and "id" in message:
            if "error" in message:
                answers.append([message["id"], "error", message["error"].get("message", "")])
            else:
                answers.append([message["id"], (message.get("result") or {}).get("action")])
            if len(answers) == FORMS:
                send({
                    "jsonrpc": "2.0",
                    "id": call_id,
                    "result": {"content": [{"type": "text", "text": json.dumps(answers)}]},
                })


if __name__ == "__main__":
    main()
