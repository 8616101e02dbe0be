package mcp

import (
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A body in gzip that expands past the bound (8 MiB of text from a few
// kilobytes), an error page or a 200 in neither JSON nor SSE, is said to
// be refused as a compression bomb, with the status: its line said "HTML:
// … (1056768 bytes)", where the decoder stopped, which read as the size of
// a page of many times that, and never said why the rest went unread.
func TestGzipBombBodyIsSaid(t *testing.T) {
	for _, tc := range []struct {
		status int
		ct     string
		cause  Cause
	}{
		{http.StatusInternalServerError, "text/html", CauseStatus},
		{http.StatusOK, "text/plain", CauseBadContentType},
	} {
		t.Run(tc.ct, func(t *testing.T) {
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
			endpoint := frontOf(t, srv, "tools/list", func(w http.ResponseWriter, r *http.Request, msg []byte) {
				w.Header().Set("Content-Type", tc.ct)
				w.Header().Set("Content-Encoding", "gzip")
				w.WriteHeader(tc.status)
				zw := gzip.NewWriter(w)
				_, _ = io.WriteString(zw, "<html><body><h1>Bad gateway</h1>"+strings.Repeat(" ", 8<<20)+"</body></html>")
				_ = zw.Close()
			}) + "/mcp"
			s, rec := connect(t, Config{URL: endpoint, Transport: TransportStreamable, NoGetStream: true})
			_, _, err := s.ListTools(testCtx(t), false)
			s.Close()
			rec.waitEnd(t)
			var we *WireError
			if !errors.As(err, &we) || we.Status != tc.status || we.Cause != tc.cause {
				t.Fatalf("tools/list = %v, want the %d said (cause %q)", err, tc.status, tc.cause)
			}
			if !strings.Contains(err.Error(), "Bad gateway") || !strings.Contains(err.Error(), "refused as a compression bomb") {
				t.Errorf("tools/list = %v, want the page's words and its refusal as a compression bomb", err)
			}
			if strings.Contains(err.Error(), "bytes)") && !strings.Contains(err.Error(), "bytes became") {
				t.Errorf("tools/list = %v, want no size given as the page's", err)
			}
		})
	}
}

// The TypeScript SDK's 400 for want of a session id, as a gzip bomb: it
// is said as the session never given, and as refused, not sized where the
// decoder stopped.
func TestGzipBombSessionRefusalIsSaid(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true})
	endpoint := frontOf(t, srv, "tools/list", func(w http.ResponseWriter, r *http.Request, msg []byte) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Encoding", "gzip")
		w.WriteHeader(http.StatusBadRequest)
		zw := gzip.NewWriter(w)
		_, _ = io.WriteString(zw, "Bad Request: No valid session ID provided"+strings.Repeat(" ", 8<<20))
		_ = zw.Close()
	}) + "/mcp"
	s, rec := connect(t, Config{URL: endpoint, Transport: TransportStreamable, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	s.Close()
	rec.waitEnd(t)
	if CauseOf(err) != CauseSessionNotGiven || !strings.Contains(err.Error(), "refused as a compression bomb") {
		t.Fatalf("tools/list = %v (cause %q), want the session never given, its page refused as a compression bomb", err, CauseOf(err))
	}
	if strings.Contains(err.Error(), "bytes)") && !strings.Contains(err.Error(), "bytes became") {
		t.Errorf("tools/list = %v, want no size given as the page's", err)
	}
}
