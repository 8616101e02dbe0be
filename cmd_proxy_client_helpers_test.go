package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// clientPost POSTs body to url as a 2025-11-25 streamable HTTP client
// does, in session sid when it is not empty, reads the whole answer and
// returns its status and the session id it gives. It is bounded: a proxy
// that never ends its answer fails here, not at go test's timeout.
func clientPost(t testing.TB, url, sid, body string) (status int, session string) {
	t.Helper()
	status, session, err := tryClientPost(url, sid, body)
	if err != nil {
		t.Fatal(err)
	}
	return status, session
}

// tryClientPost is clientPost for a goroutine of a test: it reports what
// failed, for the test to say.
func tryClientPost(url, sid, body string) (status int, session string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), nil
}

// sendStrayReply opens a session through the proxy at url and, in it,
// replies to id 4242, which the server never asked: a stray reply.
func sendStrayReply(t *testing.T, url string) {
	t.Helper()
	postInSession(t, url, `{"jsonrpc":"2.0","id":4242,"result":{}}`)
}

// postInSession opens a session through the proxy at url (initialize and
// notifications/initialized) and POSTs bodies in it. Each message must be
// relayed with upstream's success.
func postInSession(t *testing.T, url string, bodies ...string) {
	t.Helper()
	sid := ""
	for _, body := range append([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"stray","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	}, bodies...) {
		status, session := clientPost(t, url, sid, body)
		if status/100 != 2 {
			t.Fatalf("POST %.60s: %d %s, want upstream's success relayed", body, status, http.StatusText(status))
		}
		if sid == "" {
			sid = session
		}
	}
}

// initializeAt opens a session at the proxy's base as a client "c 1" does,
// initialize and then notifications/initialized, and returns its id.
func initializeAt(t testing.TB, base string) (sid string) {
	t.Helper()
	_, sid = clientPost(t, base, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	clientPost(t, base, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return sid
}
