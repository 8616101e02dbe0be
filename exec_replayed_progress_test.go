package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// A server whose resumed stream sends again the events it sent before
// Last-Event-ID (its store replays the whole stream), then goes on: the
// progress sent again is no news. exec warned "progress went from 2 to 1:
// the specification has it increase with each notification" of a server
// whose progress only ever went up, and drew the bar back to 1; and it
// said the server's one log message "×2".
func TestExecReplayedProgressIsNotProgressGoingBack(t *testing.T) {
	stateDir(t)
	var token, callID atomic.Value
	progress := func(i int) string {
		return fmt.Sprintf("id: e%d\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":%s,\"progress\":%d,\"total\":3,\"message\":\"step %d\"}}\n\n", i, token.Load(), i, i)
	}
	const logged = "id: e0\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"starting the slow work\"}}\n\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			if r.Header.Get("Last-Event-ID") == "" {
				w.WriteHeader(http.StatusMethodNotAllowed)
				return
			}
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, logged+progress(1)+progress(2)+progress(3))
			fmt.Fprintf(w, "id: e4\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"all steps done\"}]}}\n\n", callID.Load())
			return
		}
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Meta struct {
					ProgressToken json.RawMessage `json:"progressToken"`
				} `json:"_meta"`
			} `json:"params"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &m)
		switch m.Method {
		case "initialize":
			w.Header().Set("Mcp-Session-Id", "s1")
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"replaying","version":"1"}}}`, m.ID)
		case "tools/list":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"slow","inputSchema":{"type":"object"}}]}}`, m.ID)
		case "tools/call":
			token.Store(string(m.Params.Meta.ProgressToken))
			callID.Store(string(m.ID))
			w.Header().Set("Content-Type", "text/event-stream")
			// Two steps, then the stream ends with a wait to resume after.
			fmt.Fprint(w, logged+progress(1)+progress(2)+"retry: 10\n\n")
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	out, errOut, code := run(t, "exec", srv.URL+"/mcp", "tools/call slow")
	if code != 0 || !strings.Contains(out, "all steps done") {
		t.Fatalf("exec = %d, want the resumed call's answer:\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(out+errOut, "went from") {
		t.Errorf("progress replayed by the resumed stream reads as progress going back:\n%s\n%s", out, errOut)
	}
	if n := strings.Count(out+errOut, "starting the slow work"); n != 1 || strings.Contains(out+errOut, "×2") {
		t.Errorf("the server's one log message, sent again by the resumed stream, is said %d times (want once, as the server said it):\n%s\n%s", n, out, errOut)
	}
}
