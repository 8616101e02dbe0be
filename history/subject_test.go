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
