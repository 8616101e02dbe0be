package mcp

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A request that waits on its own (a slow tool, no question asked) while
// another request's question is answered and the answer refused times out
// as a plain timeout: the refused answer was the other request's wait, and
// advice about it would send the user after the wrong cause.
func TestTimeoutOfAnotherRequestIsNotBlamedOnARefusedAnswer(t *testing.T) {
	slowSeen := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		msg := string(body)
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+idOf(msg)+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"asker","version":"1"}}}`)
		case strings.Contains(msg, `"name":"slow"`):
			w.Header().Set("Content-Type", "text/event-stream")
			w.(http.Flusher).Flush()
			close(slowSeen)
			<-r.Context().Done()
		case strings.Contains(msg, `"name":"ask"`):
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"roots/list\"}\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		case strings.Contains(msg, `"result"`):
			http.Error(w, "Missing session ID for roots response", http.StatusBadRequest)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	s := NewSession(Config{URL: srv.URL + "/mcp", Transport: TransportStreamable, NoGetStream: true, RequestTimeout: time.Second})
	collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	slow := make(chan error, 1)
	go func() {
		_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
		slow <- err
	}()
	<-slowSeen
	if _, err := s.CallTool(testCtx(t), "ask", []byte(`{}`)); CauseOf(err) != CauseReplyRefused {
		t.Fatalf("ask: cause %q (%v), want %q", CauseOf(err), err, CauseReplyRefused)
	}
	if err := <-slow; CauseOf(err) != CauseTimeout {
		t.Errorf("slow: cause %q (%v), want a plain %q: no question was asked on its stream", CauseOf(err), err, CauseTimeout)
	}
}
