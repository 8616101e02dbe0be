package mcptest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// The hostile fake really sends what it says, byte for byte: a test that
// passes against it must have had the text to clean.
func TestHostileServerSendsHostileText(t *testing.T) {
	srv := NewHostile(t)
	st := openStream(t, srv.SSEURL(), nil)
	endpoint := st.endpoint()

	post(t, endpoint, initialize)
	init := st.message()
	for _, want := range []string{`"name":` + hostileJSON(), `"version":` + hostileJSON(), `"instructions":` + strings.TrimSuffix(quoted(Hostile), `"`) + `\n`} {
		if !strings.Contains(init, want) {
			t.Errorf("initialize answer %q lacks %q", init, want)
		}
	}
	if ev := st.message(); !strings.Contains(ev, "notifications/message") {
		t.Errorf("after initialize: %q, want a log notification", ev)
	}
	if ev := st.event(); ev != ": "+hostileSSE+"\n\n" {
		t.Errorf("after the notification: %q, want a hostile comment", ev)
	}
	if ev := st.event(); !strings.HasPrefix(ev, "event: x"+hostileSSE+"\n") {
		t.Errorf("after the comment: %q, want an event with a hostile name", ev)
	}

	post(t, endpoint, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if list := st.message(); !strings.Contains(list, `"name":"evil`) || strings.Count(list, quoted(Hostile)) < 4 {
		t.Errorf("tools/list answer %q: want hostile names, descriptions and schema keys", list)
	}
	post(t, endpoint, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`)
	if got := st.message(); !strings.Contains(got, `"text":`+hostileJSON()) {
		t.Errorf("tools/call answer %q lacks the hostile text", got)
	}
	post(t, endpoint, `{"jsonrpc":"2.0","id":4,"method":"`+HostileRPCError+`"}`)
	if got := st.message(); !strings.Contains(got, `"error":{"code":-32000,"message":`+hostileJSON()) {
		t.Errorf("%s answer %q lacks the hostile message", HostileRPCError, got)
	}
	if got := post(t, endpoint, `{"jsonrpc":"2.0","id":5,"method":"`+HostileStatusError+`"}`); got.status != 502 || got.body != HostileBytes {
		t.Errorf("%s: POST answered %d %q, want 502 and HostileBytes", HostileStatusError, got.status, got.body)
	}
}

func TestHostileStatusWritesItsOwnReasonPhrase(t *testing.T) {
	url := HostileStatus(t)
	for range 2 { // the connection is kept alive between requests
		resp := get(t, url+"/sse", nil)
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusBadGateway || resp.Status != "502 "+HostileBytes || string(body) != HostileBytes {
			t.Errorf("GET = %q %q, want 502 with HostileBytes as reason phrase and body", resp.Status, body)
		}
	}
}

// quoted is s as encoding/json writes it.
func quoted(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
