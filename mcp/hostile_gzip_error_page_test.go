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

// An error page in gzip that expands past the bound (8 MiB of HTML from
// a few kilobytes) is said to be refused as a compression bomb, with the
// status: its line said "HTML: … (1056768 bytes)", where the decoder
// stopped, which read as the size of a page of many times that, and never
// said why the rest went unread.
func TestGzipBombErrorPageIsSaid(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	endpoint := frontOf(t, srv, "tools/list", func(w http.ResponseWriter, r *http.Request, msg []byte) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		w.WriteHeader(http.StatusInternalServerError)
		zw := gzip.NewWriter(w)
		_, _ = io.WriteString(zw, "<html><body><h1>Bad gateway</h1>"+strings.Repeat(" ", 8<<20)+"</body></html>")
		_ = zw.Close()
	}) + "/mcp"
	s, rec := connect(t, Config{URL: endpoint, Transport: TransportStreamable, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	s.Close()
	rec.waitEnd(t)
	var we *WireError
	if !errors.As(err, &we) || we.Status != http.StatusInternalServerError {
		t.Fatalf("tools/list = %v, want the 500 said", err)
	}
	if !strings.Contains(err.Error(), "Bad gateway") || !strings.Contains(err.Error(), "refused as a compression bomb") {
		t.Errorf("tools/list = %v, want the page's words and its refusal as a compression bomb", err)
	}
	if strings.Contains(err.Error(), "bytes)") && !strings.Contains(err.Error(), "bytes became") {
		t.Errorf("tools/list = %v, want no size given as the page's", err)
	}
}
