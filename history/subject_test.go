package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// TestSubjectOfDeepParams: a request's subject (the URI a resources/read
// names) is read even when another param nests past encoding/json's
// 10,000 levels, and only for the methods that name one.
func TestSubjectOfDeepParams(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	cases := []struct {
		method, raw, want string
	}{
		{"resources/read", `{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"demo://docs/a.md","_meta":{"x":` + deep + `}}}`, "demo://docs/a.md"},
		{"prompts/get", `{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"greet","name":"last"}}`, "last"},
		{"resources/read", `{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":7}}`, ""},
		{"tools/call", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"greet"}}`, ""},
	}
	for _, c := range cases {
		if got := SubjectOf(&mcp.RPCMessage{Method: c.method, Raw: mcp.Raw(c.raw)}); got != c.want {
			t.Errorf("SubjectOf(%s) = %q, want %q", c.raw[:min(len(c.raw), 80)], got, c.want)
		}
	}
}

// A subscriptions/listen's subject is what it subscribes to, so the
// session's stream (every list) and one typed by hand read apart in Pairs.
func TestSubjectOfListen(t *testing.T) {
	cases := []struct{ params, want string }{
		{`{"notifications":{"toolsListChanged":true,"resourcesListChanged":true,"promptsListChanged":true}}`, "all lists"},
		{`{"notifications":{"promptsListChanged":true,"toolsListChanged":true,"resourcesListChanged":false}}`, "tools,prompts"},
		{`{"notifications":{"toolsListChanged":true,"resourcesListChanged":true,"promptsListChanged":true,"resourceSubscriptions":["a://1","a://2"]}}`, "all lists 2 uris"},
		{`{"notifications":{"resourceSubscriptions":["a://1"]}}`, "1 uri"},
		{`{"notifications":{"loggingMessage":true}}`, "loggingMessage"},
		{`{}`, ""},
		// A member named twice is read as JSON readers take it, the
		// last: three "tools" read "all lists", and a true then false
		// read subscribed.
		{`{"notifications":{"toolsListChanged":true,"toolsListChanged":true,"toolsListChanged":true}}`, "tools"},
		{`{"notifications":{"toolsListChanged":true,"toolsListChanged":false,"promptsListChanged":true}}`, "prompts"},
		{`{"notifications":{"loggingMessage":true,"loggingMessage":true,"resourceSubscriptions":["a://1"],"resourceSubscriptions":["a://1","a://2"]}}`, "loggingMessage 2 uris"},
	}
	for _, c := range cases {
		raw := `{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":` + c.params + `}`
		if got := SubjectOf(&mcp.RPCMessage{Method: ListenMethod, Raw: mcp.Raw(raw)}); got != c.want {
			t.Errorf("SubjectOf(%s) = %q, want %q", c.params, got, c.want)
		}
	}
}
