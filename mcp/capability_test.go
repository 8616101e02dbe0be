package mcp

import (
	"encoding/json"
	"testing"
)

// What a server declared decides which methods it offers: a sub-capability
// set false (the TypeScript SDK's "subscribe": false) is not offered, and
// capabilities not known (no answer yet) say nothing is missing.
func TestUndeclared(t *testing.T) {
	for _, tc := range []struct {
		method, caps, want string
	}{
		{"completion/complete", `{"tools":{}}`, "completions"},
		{"completion/complete", `{"completions":{}}`, ""},
		{"resources/subscribe", `{"resources":{"subscribe":false}}`, "resources.subscribe"},
		{"resources/subscribe", `{"resources":{"subscribe":true}}`, ""},
		{"resources/read", `{"resources":{"subscribe":false}}`, ""},
		{"prompts/get", `{"prompts":null}`, "prompts"},
		{"logging/setLevel", `{}`, "logging"},
		{"ping", `{}`, ""},
		{"completion/complete", ``, ""},
		{"completion/complete", `"odd"`, ""},
	} {
		if got := Undeclared(tc.method, json.RawMessage(tc.caps)); got != tc.want {
			t.Errorf("Undeclared(%s, %s) = %q, want %q", tc.method, tc.caps, got, tc.want)
		}
	}
}
