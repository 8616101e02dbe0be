package history

import (
	"strconv"
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

// A listen naming thousands of members it made up, each long and carrying
// escape sequences, gets a subject of a few of them and a count of the
// rest, safe for a terminal: the row, the export's heading and the proxy's
// line held every one.
func TestSubjectOfListenManyMembers(t *testing.T) {
	var members []string
	for i := range 5000 {
		members = append(members, `"\u001b]52;c;`+strconv.Itoa(i)+strings.Repeat("x", 500)+`":true`)
	}
	raw := `{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true,` +
		strings.Join(members, ",") + `,"resourceSubscriptions":["a://1","a://2","a://3"]}}}`
	got := SubjectOf(&mcp.RPCMessage{Method: ListenMethod, Raw: mcp.Raw(raw)})
	if len(got) > 2000 {
		t.Fatalf("the subject is %d bytes, want a few members and a count", len(got))
	}
	want := " and " + strconv.Itoa(5000-mcp.MaxListed) + " more 3 uris"
	if !strings.HasPrefix(got, "tools ") || !strings.HasSuffix(got, want) {
		t.Errorf("SubjectOf = %q, want the lists, %d members, %q", got, mcp.MaxListed, want)
	}
	if strings.ContainsRune(got, '\x1b') {
		t.Errorf("SubjectOf = %q carries an escape byte to the terminal", got)
	}
}
