package mcp

import (
	"encoding/json"
	"testing"
)

// What a server declared decides which methods it offers: a sub-capability
// set false (the TypeScript SDK's "subscribe": false) is not offered, one
// given as an object (2025-11-25's "tasks": {"list": {}}) is, and
// capabilities not known (no answer yet) say nothing is missing. The era
// decides what tasks need: 2025-11-25's tasks capability and its members,
// or 2026-07-28's tasks extension, which has no tasks/list or tasks/result.
func TestUndeclared(t *testing.T) {
	const ext = `{"tools":{},"extensions":{"io.modelcontextprotocol/tasks":{}}}`
	for _, tc := range []struct {
		method, transport, caps, want string
	}{
		{"completion/complete", "", `{"tools":{}}`, "completions"},
		{"completion/complete", "", `{"completions":{}}`, ""},
		{"resources/subscribe", "", `{"resources":{"subscribe":false}}`, "resources.subscribe"},
		{"resources/subscribe", "", `{"resources":{"subscribe":true}}`, ""},
		{"resources/read", "", `{"resources":{"subscribe":false}}`, ""},
		{"prompts/get", "", `{"prompts":null}`, "prompts"},
		{"logging/setLevel", "", `{}`, "logging"},
		{"ping", "", `{}`, ""},
		{"completion/complete", "", ``, ""},
		{"completion/complete", "", `"odd"`, ""},

		{"tasks/list", TransportStreamable, `{"tools":{}}`, "tasks.list"},
		{"tasks/get", TransportStreamable, `{"tools":{}}`, "tasks"},
		{"tasks/result", TransportSSE, `{"tools":{}}`, "tasks"},
		{"tasks/cancel", TransportStreamable, `{"tools":{}}`, "tasks.cancel"},
		{"tasks/list", TransportStreamable, `{"tasks":{"list":{},"requests":{"tools":{"call":{}}}}}`, ""},
		{"tasks/cancel", TransportStreamable, `{"tasks":{"list":{},"requests":{"tools":{"call":{}}}}}`, "tasks.cancel"},
		{"tasks/cancel", TransportStreamable, `{"tasks":{"cancel":{}}}`, ""},
		{"tasks/get", TransportStreamable, `{"tasks":{}}`, ""},
		{"tasks/list", TransportStreamable, `{"tasks":{"list":null}}`, "tasks.list"},
		{"tasks/update", TransportStreamable, `{"tools":{}}`, ""},

		{"tasks/get", TransportStateless, `{"tools":{}}`, "extensions." + TasksExtension},
		{"tasks/update", TransportStateless, `{"tools":{}}`, "extensions." + TasksExtension},
		{"tasks/cancel", TransportStateless, `{"extensions":{"io.modelcontextprotocol/other":{}}}`, "extensions." + TasksExtension},
		{"tasks/get", TransportStateless, ext, ""},
		{"tasks/update", TransportStateless, ext, ""},
		{"tasks/cancel", TransportStateless, ext, ""},
		{"tasks/list", TransportStateless, `{"tools":{}}`, ""},
		{"tasks/result", TransportStateless, `{"tools":{}}`, ""},
		{"tools/call", TransportStateless, ext, ""},
	} {
		if got := Undeclared(tc.method, tc.transport, json.RawMessage(tc.caps)); got != tc.want {
			t.Errorf("Undeclared(%s, %q, %s) = %q, want %q", tc.method, tc.transport, tc.caps, got, tc.want)
		}
	}
}
