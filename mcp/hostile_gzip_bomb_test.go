package mcp

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// gzipFront serves srv's streamable endpoint, but answers tools/list with
// body, gzipped, labelled contentType and Content-Encoding: label (gzip, or
// x-gzip, its old name).
func gzipFront(t *testing.T, srv *mcptest.StreamableServer, label, contentType string, body func(id string) string) string {
	t.Helper()
	return frontOf(t, srv, "tools/list", func(w http.ResponseWriter, r *http.Request, msg []byte) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			t.Errorf("tools/list asked for Accept-Encoding %q, want gzip", r.Header.Get("Accept-Encoding"))
		}
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Content-Encoding", label)
		zw := gzip.NewWriter(w)
		_, _ = io.WriteString(zw, body(mcptest.RawID(string(msg))))
		_ = zw.Close()
	}) + "/mcp"
}

// A few kilobytes of gzip that expand into megabytes of keep-alive
// comments are refused once past the bound, saying so: decoded whole, each
// comment is a record and a line of the recording, gigabytes of them.
func TestGzipBombOfKeepAlivesIsRefused(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	endpoint := gzipFront(t, srv, "gzip", "text/event-stream", func(id string) string {
		return strings.Repeat(": ping\n\n", 4<<20) + "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"tools\":[]}}\n\n"
	})
	s, rec := connect(t, Config{URL: endpoint, Transport: TransportStreamable, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "compression bomb") {
		t.Errorf("tools/list = %v (cause %q), want %q refusing a compression bomb", err, CauseOf(err), CauseBadHTTP)
	}
	s.Close()
	rec.waitEnd(t)
	events := 0
	for _, r := range rec.all() {
		if r.Kind == KindEvent {
			events++
		}
	}
	if events > (gzipAllowance/8)+(64<<10) {
		t.Errorf("%d keep-alive events recorded, want the decoding stopped near the %d-byte allowance", events, gzipAllowance)
	}
}

// A gzip answer that compresses as real answers do is read whole, labelled
// gzip or x-gzip: HTTP says a client takes x-gzip as gzip, and a server
// that writes the old name used to be refused as answering in an encoding
// mcpscope never asked for.
func TestGzipAnswerIsRead(t *testing.T) {
	var tools []string
	for i := range 3000 {
		tools = append(tools, `{"name":"tool`+strings.Repeat("x", i%7)+string(rune('a'+i%26))+`","inputSchema":{"type":"object"}}`)
	}
	for _, label := range []string{"gzip", "x-gzip", "X-GZIP"} {
		t.Run(label, func(t *testing.T) {
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
			endpoint := gzipFront(t, srv, label, "application/json", func(id string) string {
				return `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[` + strings.Join(tools, ",") + `]}}`
			})
			s := NewSession(Config{URL: endpoint, Transport: TransportStreamable, NoGetStream: true})
			t.Cleanup(func() { s.Close() })
			if err := s.Connect(testCtx(t)); err != nil {
				t.Fatalf("Connect: %v", err)
			}
			got, _, err := s.ListTools(testCtx(t), false)
			if err != nil || len(got) != 3000 {
				t.Errorf("tools/list = %d tools, %v; want 3000", len(got), err)
			}
		})
	}
}

// An x-gzip bomb is held to the bound a gzip one is. Four times the
// allowance is bomb enough (a thousandfold past its first megabyte): 64 MB
// took the test server over 20 s to build and compress under -race on a
// loaded machine, and tools/list ran out of time before its refusal.
func TestXGzipBombIsRefused(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	endpoint := gzipFront(t, srv, "x-gzip", "application/json", func(id string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[],"pad":"` + strings.Repeat("a", 4*gzipAllowance) + `"}}`
	})
	s, _ := connect(t, Config{URL: endpoint, Transport: TransportStreamable, NoGetStream: true})
	if _, _, err := s.ListTools(testCtx(t), false); CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "the x-gzip body expanded more than") {
		t.Errorf("tools/list = %v (cause %q), want %q refusing an x-gzip compression bomb", err, CauseOf(err), CauseBadHTTP)
	}
}
