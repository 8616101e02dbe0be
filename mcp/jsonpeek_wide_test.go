package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// junkMembers is n members no JSON-RPC message names, each a container:
// what a message that hides its id past an index's bounds is made of.
func junkMembers(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `"x%d":{"a":[1]},`, i)
	}
	return b.String()
}

// However many members come before the ones that say what a message is,
// it is read as encoding/json reads it: a server's request stays a request
// (answered), an answer stays paired, a tool error stays one.
func TestPeekReadsPastManyMembers(t *testing.T) {
	for _, tc := range []struct {
		msg                  string
		id, method           string
		toolError, inputReq  bool
		echoed, requestState string
	}{
		{msg: `{` + junkMembers(300) + `"jsonrpc":"2.0","id":7,"method":"ping"}`, id: `7`, method: "ping"},
		{msg: `{"id":1,` + junkMembers(5000) + `"id":2,"method":"x"}`, id: `2`, method: "x"},
		{msg: `{"jsonrpc":"2.0","id":3,"result":{` + junkMembers(300) + `"isError":true,"resultType":"input_\u0072equired","requestState":"s"}}`,
			id: `3`, toolError: true, inputReq: true, requestState: `"s"`},
		{msg: `{"id":4,"result":{"isError":true},"result":{"isError":false}}`, id: `4`},
		{msg: `{"id":5,"method":"m","params":{` + junkMembers(300) + `"inputResponses":{},"requestState":[1]}}`, id: `5`, method: "m", echoed: `[1]`},
		{msg: `{"\u0069d":6,"method":"m"}`, id: `6`, method: "m"},
	} {
		p, ok := peekMessage([]byte(tc.msg))
		if !ok || string(p.id) != tc.id || p.method != tc.method || p.toolError != tc.toolError || p.inputRequired != tc.inputReq ||
			string(p.echoedState) != tc.echoed || string(p.requestState) != tc.requestState || p.inputResponses != (tc.echoed != "") {
			t.Errorf("peekMessage(%.80s...) = ok %v id %s method %q toolError %v inputRequired %v state %s echoed %s; want id %s method %q toolError %v inputRequired %v state %s echoed %s",
				tc.msg, ok, p.id, p.method, p.toolError, p.inputRequired, p.requestState, p.echoedState, tc.id, tc.method, tc.toolError, tc.inputReq, tc.requestState, tc.echoed)
		}
	}
	for _, bad := range []string{`{"id":1,` + junkMembers(300) + `"method":"x"`, `[` + junkMembers(1) + `]`, `{"id":1}{}`, `{"a":1,}`} {
		if _, ok := peekMessage([]byte(bad)); ok {
			t.Errorf("peekMessage(%.80s) read a message from what is not one JSON object", bad)
		}
	}
}

// FuzzNamedMembers: namedMembers reads exactly the objects encoding/json
// reads, and each named member as encoding/json does (the last of
// repeated names, keys with escapes decoded), whatever the object holds.
func FuzzNamedMembers(f *testing.F) {
	for _, s := range []string{
		`{"requestId":"q-1","reason":"r"}`, `{"requestId":1,"requestId":[2, 3],"reason":{"a":"}"}}`,
		`{"r\u0065ason":"x","a":{"requestId":9}}`, `{` + junkMembers(300) + `"requestId":{"n":[]}}`,
		`[1]`, `{"requestId":1`, `{"a":1}{}`, `{}`,
	} {
		f.Add(s)
	}
	names := []string{"requestId", "reason"}
	f.Fuzz(func(t *testing.T, s string) {
		var out [2]memberSpan
		ok := namedMembers([]byte(s), names, out[:])
		var full map[string]json.RawMessage
		valid := json.Unmarshal([]byte(s), &full) == nil && full != nil
		if ok != valid {
			t.Fatalf("namedMembers(%q) ok = %v, encoding/json says %v", s, ok, valid)
		}
		if !valid {
			return
		}
		for i, name := range names {
			want, has := full[name]
			got := out[i].of([]byte(s))
			if has != (got != nil) || has && string(bytes.TrimSpace(want)) != string(got) {
				t.Fatalf("namedMembers(%q): %s = %q, encoding/json says %q (present %v)", s, name, got, want, has)
			}
		}
	})
}
