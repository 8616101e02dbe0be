package mcp

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzInputAsked: a 2026 result is the server's to write. Reading whether it
// asks for input never panics; what it asks for can always be answered with
// a request that is JSON and carries the answers and the state as a
// decoder reads them, whatever params the user's request had.
func FuzzInputAsked(f *testing.F) {
	for _, s := range []struct{ result, params string }{
		{`{"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create","params":{}}},"requestState":"s1"}`, `{"name":"t","arguments":{}}`},
		{`{"resultType":"input_required","requestState":"s\u0000"}`, `{"name":"t","requestState":"old","inputResponses":{}}`},
		{`{"resultType":"input_required","inputRequests":{"k":{"method":""}}}`, `{}`},
		{`{"resultType":"complete","content":[]}`, `null`},
		{`{"resultType":"input_required","inputRequests":[],"requestState":7}`, ` { "a" : 1 } `},
		{`{"resultType":"input_required","requestState":"x"}`, `{"\u0072equestState":"old"}`},
		{`{"resultType":"input_required","inputRequests":{"a":{"method":"roots/list"}},"requestState":"new"}`, `{"requestState":1,"inputResponses":{},"requestState":2,"inputResponses":[]}`},
	} {
		f.Add(s.result, s.params)
	}
	f.Fuzz(func(t *testing.T, result, params string) {
		requests, state, asks, err := inputAsked("tools/call", json.RawMessage(result))
		if !asks || err != nil {
			return
		}
		answers := map[string]json.RawMessage{}
		for k := range requests {
			answers[k] = json.RawMessage(`{"action":"decline"}`)
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal([]byte(params), &obj) != nil && strings.TrimSpace(params) != "" && strings.TrimSpace(params) != "null" {
			return // the user's params are not an object: nothing to add to
		}
		out := withInput(json.RawMessage(params), answers, state)
		var got struct {
			InputResponses map[string]json.RawMessage `json:"inputResponses"`
			RequestState   *string                    `json:"requestState"`
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("withInput(%s) = %s, not JSON: %v", params, out, err)
		}
		if len(got.InputResponses) != len(answers) {
			t.Fatalf("withInput(%s) = %s: %d responses, want %d", params, out, len(got.InputResponses), len(answers))
		}
		var want string
		if state != nil && (json.Unmarshal(state, &want) != nil || got.RequestState == nil || *got.RequestState != want) {
			t.Fatalf("withInput(%s) = %s: a decoder reads requestState %v, want %s", params, out, got.RequestState, state)
		}
	})
}
