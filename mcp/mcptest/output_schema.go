package mcptest

import "encoding/json"

// OutputSchemaTool is a Handle (StreamableOptions, StatelessOptions) of a
// fake whose one tool, "report", is listed with outputSchema (raw JSON) and
// answers every call with result (a raw tools/call result), so a test can
// give a result that keeps to its tool's outputSchema or breaks it. Every
// other message is answered as the fake does by default.
func OutputSchemaTool(outputSchema, result string) func(*Exchange) {
	return func(x *Exchange) {
		switch x.Method {
		case "tools/list":
			x.Result(json.RawMessage(`{"tools":[{"name":"report","inputSchema":{"type":"object"},"outputSchema":` + outputSchema + `}]}`))
		case "tools/call":
			x.Result(json.RawMessage(result))
		default:
			x.Default()
		}
	}
}
