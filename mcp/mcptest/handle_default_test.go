package mcptest

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// session opens a stream on a new server and returns it with its POST URL.
func session(t *testing.T, opts Options) (*Server, *rawStream, string) {
	t.Helper()
	srv := New(t, opts)
	st := openStream(t, srv.SSEURL(), nil)
	return srv, st, st.endpoint()
}

// roundTrip POSTs body, wants 202 and returns the next message on the stream.
func roundTrip(t *testing.T, st *rawStream, url, body string) string {
	t.Helper()
	if got := post(t, url, body); got.status != http.StatusAccepted || got.body != "" {
		t.Fatalf("POST %s = %d %q, want 202 with an empty body", body, got.status, got.body)
	}
	return st.message()
}

func TestInitializeProtocolVersion(t *testing.T) {
	tests := []struct{ asked, want string }{
		{"2024-11-05", "2024-11-05"},
		{"2025-03-26", "2025-03-26"},
		{"2025-06-18", "2025-06-18"},
		{"2099-01-01", "2024-11-05"},
		{"", "2024-11-05"},
	}
	for _, tt := range tests {
		_, st, url := session(t, Options{})
		got := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+tt.asked+`"}}`)
		want := `{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"tools":{}},"protocolVersion":"` + tt.want +
			`","serverInfo":{"name":"fake","version":"1.0"}}}`
		if got != want {
			t.Errorf("initialize asking %q = %s, want %s", tt.asked, got, want)
		}
	}
}

func TestNotificationsAndResponsesGetOnly202(t *testing.T) {
	srv, st, url := session(t, Options{})
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if conn.Initialized() {
		t.Error("Initialized() = true before notifications/initialized")
	}
	for _, body := range []string{
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":55,"result":{}}`,
	} {
		if got := post(t, url, body); got.status != http.StatusAccepted {
			t.Errorf("POST %s = %d, want 202", body, got.status)
		}
	}
	if !conn.Initialized() {
		t.Error("Initialized() = false after notifications/initialized")
	}
	// Nothing was written for them: the next message is the ping's answer.
	if got, want := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":"p","method":"ping"}`), `{"jsonrpc":"2.0","id":"p","result":{}}`; got != want {
		t.Errorf("next message = %s, want %s", got, want)
	}
	kinds := []Kind{}
	for _, p := range srv.Posts() {
		kinds = append(kinds, p.Kind)
	}
	if got, want := kinds, []Kind{KindNotification, KindResponse, KindRequest}; !equal(got, want) {
		t.Errorf("Post kinds = %v, want %v", got, want)
	}
}

func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestUnknownMethodIs202ThenMethodNotFound(t *testing.T) {
	_, st, url := session(t, Options{})
	got := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":4,"method":"resources/list"}`)
	if want := `{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"method not found"}}`; got != want {
		t.Errorf("reply = %s, want %s", got, want)
	}
}

func TestToolsListPages(t *testing.T) {
	_, st, url := session(t, Options{ToolPages: 3})
	var names []string
	cursor := ""
	for page := range 4 {
		params := `{}`
		if cursor != "" {
			params = `{"cursor":"` + cursor + `"}`
		}
		raw := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":9,"method":"tools/list","params":`+params+`}`)
		var r struct {
			Result toolsPage `json:"result"`
		}
		if err := json.Unmarshal([]byte(raw), &r); err != nil {
			t.Fatalf("page %d: %v in %s", page, err, raw)
		}
		for _, tool := range r.Result.Tools {
			if !json.Valid(tool.InputSchema) {
				t.Errorf("tool %s has inputSchema %s, want valid JSON", tool.Name, tool.InputSchema)
			}
			names = append(names, tool.Name)
		}
		cursor = r.Result.NextCursor
		if cursor == "" {
			if page != 2 {
				t.Errorf("last page was %d, want 2 with ToolPages 3", page)
			}
			break
		}
	}
	if got, want := strings.Join(names, ","), "echo,add,search,fail"; got != want {
		t.Errorf("tools over all pages = %s, want %s", got, want)
	}
	got := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":10,"method":"tools/list","params":{"cursor":"page-9"}}`)
	if !strings.Contains(got, `"code":-32602`) {
		t.Errorf("bad cursor reply = %s, want error -32602", got)
	}
}

func TestToolsCall(t *testing.T) {
	tests := []struct {
		name, args, want string
	}{
		{"echo", `{"text":"hi"}`, `{"content":[{"type":"text","text":"hi"}]}`},
		{"echo", `{}`, `{"content":[{"type":"text","text":"echo needs the string argument \"text\""}],"isError":true}`},
		{"add", `{"a":2,"b":3}`, `{"content":[{"type":"text","text":"5"}]}`},
		{"add", `{"a":"2","b":3}`, `{"content":[{"type":"text","text":"add needs integers, got a=\"2\" b=3"}],"isError":true}`},
		{"search", `{"query": "x", "limit": 5, "tags": ["a"]}`, `{"content":[{"type":"text","text":"{\"query\":\"x\",\"limit\":5,\"tags\":[\"a\"]}"}]}`},
		{"fail", `{}`, `{"content":[{"type":"text","text":"fail: this tool always fails"}],"isError":true}`},
	}
	_, st, url := session(t, Options{})
	for _, tt := range tests {
		got := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"`+tt.name+`","arguments":`+tt.args+`}}`)
		if want := `{"jsonrpc":"2.0","id":1,"result":` + tt.want + `}`; got != want {
			t.Errorf("tools/call %s %s = %s, want %s", tt.name, tt.args, got, want)
		}
	}
	got := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nope"}}`)
	if want := `{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"unknown tool \"nope\""}}`; got != want {
		t.Errorf("tools/call nope = %s, want %s", got, want)
	}
}
