"""A bare JSON-RPC MCP server (standard library only) for the proxy's queue test: its one tool
asks five forms at once, ids "q1" to "q5", and returns the answers in the order they came,
each with its id, so the test sees exactly which id got which answer, and when.
"""

import json
import sys

FORMS = 5


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


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
                    "serverInfo": {"name": "weather", "version": "1"},
                },
            })
        elif method == "tools/call":
            call_id = message["id"]
            for n in range(1, FORMS + 1):
                send({
                    "jsonrpc": "2.0",
                    "id": f"q{n}",
                    "method": "elicitation/create",
                    "params": {
                        "mode": "form",
                        "message": f"Question {n} of the flood",
                        "requestedSchema": {"type": "object", "properties": {}},
                    },
                })
        elif method is None and "id" in message:
            result = message.get("result") or {}
            answers.append([message["id"], result.get("action", message.get("error"))])
            if len(answers) == FORMS:
                send({
                    "jsonrpc": "2.0",
                    "id": call_id,
                    "result": {"content": [{"type": "text", "text": json.dumps(answers)}]},
                })


if __name__ == "__main__":
    main()
