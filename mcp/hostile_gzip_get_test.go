package mcp

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The optional GET stream answered 200 with a page in gzip that expands
// past the bound: said as no event stream, and that the rest was refused
// as a compression bomb, as a POST's error page is. It quoted the page cut
// where the decoder stopped and said nothing of why.
func TestGzipBombOnTheGetStreamIsSaid(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case r.Method == http.MethodGet:
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			_, _ = io.WriteString(zw, "<html><body><h1>Sign in</h1>"+strings.Repeat(" ", 8<<20)+"</body></html>")
			_ = zw.Close()
		case strings.Contains(string(body), `"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "s1")
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+mcptest.RawID(string(body))+`,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"bomb","version":"1"}}}`)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	s, rec := connect(t, Config{URL: srv.URL + "/mcp", Transport: TransportStreamable})
	got := rec.waitFor(t, "the GET stream's error", func(r Record) bool {
		return r.Kind == KindError && r.Error != nil && r.Error.Purpose == PurposeGet
	})
	s.Close()
	rec.waitEnd(t)
	if msg := got.Error.Message; !strings.Contains(msg, "not an event stream") || !strings.Contains(msg, "refused as a compression bomb") {
		t.Errorf("the GET stream's error = %q, want it said no event stream, its rest refused as a compression bomb", msg)
	}
}

// A 202 whose page comes in gzip that expands past the bound, and whose
// answer never comes: the timeout quotes the page's start and says the
// rest was refused as a compression bomb.
func TestGzipBombBehindA202IsSaid(t *testing.T) {
	var page bytes.Buffer
	zw := gzip.NewWriter(&page)
	_, _ = io.WriteString(zw, "<html><h1>queued upstream</h1>"+strings.Repeat(" ", 8<<20)+"</html>")
	_ = zw.Close()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	endpoint := frontOf(t, srv, "tools/list", func(w http.ResponseWriter, r *http.Request, msg []byte) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		w.WriteHeader(http.StatusAccepted)
		_, _ = w.Write(page.Bytes())
	}) + "/mcp"
	// The answer never comes, so the request waits out its timeout: long
	// enough for the 202 and its page, decoded up to the bound, to come
	// first under the race detector on a loaded machine.
	s, rec := connect(t, Config{URL: endpoint, Transport: TransportStreamable, RequestTimeout: 5 * time.Second, NoGetStream: true})
	_, err := s.Request(testCtx(t), "tools/list", nil)
	s.Close()
	rec.waitEnd(t)
	if err == nil || !strings.Contains(err.Error(), "queued upstream") || !strings.Contains(err.Error(), "refused as a compression bomb") {
		t.Errorf("Request = %v, want the 202's page quoted and its rest refused as a compression bomb", err)
	}
}
