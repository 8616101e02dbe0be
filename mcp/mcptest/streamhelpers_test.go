package mcptest

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// The helpers below drive the streamable and stateless fakes with plain
// net/http, reading answers byte for byte.

// hdr builds a header from key, value pairs.
func hdr(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}

// streamHeader is what a well-behaved streamable client sends: both media
// types, JSON, and the session id and version when known.
func streamHeader(sessionID, version string) http.Header {
	h := hdr("Content-Type", "application/json", "Accept", "application/json, text/event-stream")
	if sessionID != "" {
		h.Set("Mcp-Session-Id", sessionID)
	}
	if version != "" {
		h.Set("MCP-Protocol-Version", version)
	}
	return h
}

// send makes one request bounded by testTimeout (or ctx's own end) and
// returns the response with its body unread; the body is closed at cleanup.
func send(t testing.TB, ctx context.Context, method, url string, header http.Header, body string) *http.Response {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, testTimeout)
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = header.Clone()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	t.Cleanup(func() { _ = resp.Body.Close() })
	return resp
}

// readBody reads the whole body.
func readBody(t testing.TB, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading the answer after %q: %v", truncate(string(b)), err)
	}
	return string(b)
}

// events wraps an SSE answer for reading event by event.
func events(t testing.TB, resp *http.Response) *rawStream {
	t.Helper()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("answer Content-Type = %q, want text/event-stream", ct)
	}
	return &rawStream{t: t, resp: resp, r: bufio.NewReader(resp.Body)}
}

// want fails unless got equals want.
func want(t testing.TB, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s =\n%q\nwant\n%q", what, got, want)
	}
}

// wantStatus fails unless resp has this status and Content-Type.
func wantStatus(t testing.TB, resp *http.Response, status int, contentType string) {
	t.Helper()
	if resp.StatusCode != status || resp.Header.Get("Content-Type") != contentType {
		t.Fatalf("%s %s = %d %q, want %d %q", resp.Request.Method, resp.Request.URL, resp.StatusCode,
			resp.Header.Get("Content-Type"), status, contentType)
	}
}

const initialize2025 = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

// open initializes a session on a streamable fake and returns its id.
func open(t testing.TB, srv *StreamableServer) string {
	t.Helper()
	resp := send(t, context.Background(), http.MethodPost, srv.Endpoint(), streamHeader("", ""), initialize2025)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize = %d, want 200", resp.StatusCode)
	}
	id := resp.Header.Get("Mcp-Session-Id")
	if id == "" {
		t.Fatal("initialize answer has no Mcp-Session-Id")
	}
	readBody(t, resp)
	return id
}

// call POSTs body on a session and returns the answer.
func call(t testing.TB, srv *StreamableServer, sessionID, body string) *http.Response {
	t.Helper()
	return send(t, context.Background(), http.MethodPost, srv.Endpoint(), streamHeader(sessionID, "2025-11-25"), body)
}

// resultText returns the text of a tools/call answer message.
func resultText(t testing.TB, msg string) string {
	t.Helper()
	var m struct {
		Result ToolResult `json:"result"`
	}
	if err := json.Unmarshal([]byte(msg), &m); err != nil || len(m.Result.Content) == 0 {
		t.Fatalf("answer %s is no tools/call result: %v", msg, err)
	}
	return m.Result.Content[0].Text
}

// ended waits until the fake has finished the request with this sequence
// number and returns its record.
func ended(t testing.TB, wait func(context.Context, func(Request) bool) (Request, error), seq int) Request {
	t.Helper()
	r, err := wait(waitCtx(t), func(r Request) bool { return r.Seq == seq && r.Ended })
	if err != nil {
		t.Fatalf("request %d never ended: %v", seq, err)
	}
	return r
}
