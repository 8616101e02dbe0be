package history

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// editMethodFields rewrites, in the recording at path, the first method
// field of each value edits names to the value it maps to, leaving the
// raw JSON-RPC as it was sent, as a user editing the file by hand does.
func editMethodFields(t *testing.T, path string, edits map[string]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for from, to := range edits {
		// The raw JSON-RPC is a JSON string in the record, its quotes
		// escaped: unescaped, this is the field alone.
		field := `"method":"` + from + `"`
		if !strings.Contains(text, field) {
			t.Fatalf("the recording holds no method field %q", from)
		}
		text = strings.Replace(text, field, `"method":"`+to+`"`, 1)
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// A recording whose method fields were edited away from their raw
// JSON-RPC is re-run by the raw alone, which is what it sends: the
// handshake detection found is still the handshake (not a probe to skip),
// a request whose field says notifications/initialized is still sent, the
// client's own notifications/initialized is still not sent twice, and the
// user's listen is still the user's listen, not sent to an older era.
// The plan read the fields, and skipped or sent by them what the raw did
// not say.
func TestRerunOfAnEditedFileGoesByTheRawMethod(t *testing.T) {
	s := newScript()
	s.negotiate()
	init := s.request("1", "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcpscope","version":"0.1.0"}}`)
	// Detection found the transport with this initialize, which opened the
	// session: it is the handshake, not a probe the re-run skips.
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeProbe, Method: "POST",
		URL: "http://localhost:8811/mcp", Status: 200, ReqSeq: init}})
	s.result("1", init, `{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"demo","version":"1"}}`)
	s.state(mcp.StateInitialized)
	s.send(mcp.ClassNotification, "", "notifications/initialized", "", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	s.result("2", s.request("2", "tools/list", `{}`), `{"tools":[]}`)
	s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "3", Method: mcp.ListenMethod, UserStream: true,
		Raw: `{"jsonrpc":"2.0","id":3,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true}}}`}})

	path := record(t, s.recs, RecordOptions{})
	editMethodFields(t, path, map[string]string{
		"initialize":                "ping",
		"notifications/initialized": "notifications/progress",
		"tools/list":                "notifications/initialized",
		mcp.ListenMethod:            "tools/call",
	})
	live, results := rerunEchoed(t, path)
	if want := []string{"initialize", "tools/list"}; !reflect.DeepEqual(live.sent, want) {
		t.Errorf("sent %q, want %q: the raw's methods, the handshake's notification and the user's listen (to an older era) left out", live.sent, want)
	}
	var got []string
	for _, r := range results {
		got = append(got, r.Method+" "+r.As)
		if r.Mismatch == "" {
			t.Errorf("%s: the report does not say its method field disagreed with its raw JSON-RPC", r.Method)
		}
	}
	if want := []string{"initialize ", "tools/list ", mcp.ListenMethod + " " + listenNotSent}; !reflect.DeepEqual(got, want) {
		t.Errorf("re-ran %q, want %q", got, want)
	}
}

// A recording whose class fields were edited away from their raw
// JSON-RPC is re-run by the raw too: a request (it has an id) whose field
// says notification is still sent as a request and its answer compared,
// and a notification whose field says request is still a notification.
// The re-run sent the first as a notification, which nothing answers, and
// its result was left out of the report.
func TestRerunOfAnEditedFileGoesByTheRawClass(t *testing.T) {
	s := newScript()
	s.initialized()
	list := s.send(mcp.ClassNotification, "", "tools/list", "", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`)
	s.result("2", list, `{"changed":true}`)
	s.send(mcp.ClassRequest, "3", "notifications/roots/list_changed", "", `{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}`)

	f, err := OpenRerun(record(t, s.recs, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var live echoSender
	var results []string
	if _, err := f.Rerun(context.Background(), &live, nil, RecordOptions{}, "", func(r RerunResult) {
		results = append(results, r.Method)
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"initialize", "tools/list"}; !reflect.DeepEqual(results, want) {
		t.Errorf("results %q, want %q: the request judged, the notification not", results, want)
	}
}
