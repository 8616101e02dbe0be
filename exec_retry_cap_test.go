package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// watched is stderr as a test reads it while exec runs: seen is closed
// once want has been written.
type watched struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
	once sync.Once
}

func (w *watched) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.buf.Write(b)
	if strings.Contains(w.buf.String(), w.want) {
		w.once.Do(func() { close(w.seen) })
	}
	return n, err
}

func (w *watched) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// A tools/call whose answer stream drops with "retry: 3600000" (an hour)
// is resumed after mcpscope's 30s cap: exec says so on stderr as the wait
// starts, where it said nothing for 30s, and the failure printed after
// the wait (the server refuses the resumption) does not say it again.
// It lasts the cap, 30s.
func TestExecSaysACappedWaitAsItStarts(t *testing.T) {
	if testing.Short() {
		t.Skip("waits mcpscope's 30s cap")
	}
	stateDir(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			if r.Header.Get("Last-Event-ID") != "" {
				http.Error(w, "stream replay unsupported", http.StatusBadRequest)
				return
			}
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &m)
		switch m.Method {
		case "initialize":
			w.Header().Set("Mcp-Session-Id", "s1")
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"capped","version":"1"}}}`, m.ID)
		case "tools/call":
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "id: h1\nretry: 3600000\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"working\"}}\n\n")
		case "tools/list":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"slow","inputSchema":{"type":"object"}}]}}`, m.ID)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	const asked = "the server asked to wait 3600000 ms (1h)"
	stderr := &watched{want: asked, seen: make(chan struct{})}
	var stdout bytes.Buffer
	cmd := newRootCmd()
	cmd.SetOut(&stdout)
	cmd.SetErr(stderr)
	cmd.SetArgs([]string{"exec", "--no-record", "--no-get-stream", "--no-listen", "--timeout", "45s", srv.URL + "/mcp", "tools/call slow"})
	ended := make(chan int, 1)
	go func() { ended <- report(stderr, cmd.ExecuteContext(context.Background())) }()
	select {
	case <-stderr.seen:
	case code := <-ended:
		t.Fatalf("exec ended (%d) without saying the wait:\n%s\n%s", code, stdout.String(), stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatalf("stderr does not say the wait 10s into it:\n%s", stderr.String())
	}
	var code int
	select {
	case code = <-ended:
	case <-time.After(time.Minute):
		t.Fatalf("exec did not end a minute into the wait:\n%s", stderr.String())
	}
	out, errOut := stdout.String(), stderr.String()
	if code == exitOK || !strings.Contains(out, "could not resume its stream") {
		t.Errorf("exit %d, want the refused resumption:\n%s\n%s", code, out, errOut)
	}
	if n := strings.Count(out+errOut, asked); n != 1 {
		t.Errorf("the capped wait is said %d times, want once, on stderr:\n%s\n%s", n, out, errOut)
	}
}
