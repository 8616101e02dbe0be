package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that sends a megabyte-long header on every answer costs what
// the record keeps of it, not a megabyte a message: the recording (and the
// live log it is written from) holds the header's first HeaderLimit bytes
// and says how long it was; the headers that matter are kept whole.
func TestExecRecordsAHugeHeaderCut(t *testing.T) {
	const size = 1 << 20
	padding := strings.Repeat("p", size)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	front := mcptest.Front(t, srv.URL, func(w http.ResponseWriter, _ *http.Request, _ []byte) bool {
		w.Header().Set("X-Padding", padding)
		return false
	})
	path := filepath.Join(t.TempDir(), "s.jsonl")
	out, errOut, code := run(t, "exec", "--record", path, "--no-listen", "--transport", "streamable", front.URL+"/mcp", "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	cut := 0
	for _, rec := range readRecording(t, path) {
		if rec.Kind != mcp.KindHTTP || rec.HTTP.HeadersCut == nil {
			continue
		}
		cut++
		h := rec.HTTP
		if got := h.HeadersCut["X-Padding"]; got != size {
			t.Errorf("%s %s: headers_cut says X-Padding held %d bytes, want %d", h.Method, h.URL, got, size)
		}
		if words, want := h.HeaderCutWords("x-padding"), "header cut: 1048576 bytes, first 8192 kept"; words != want {
			t.Errorf("%s %s: %q, want %q", h.Method, h.URL, words, want)
		}
		if len(h.HeadersCut) != 1 || mcp.RecordedHeader(h.Headers, "Date") == "" {
			t.Errorf("%s %s: cut %v, Date %q; want only X-Padding cut, the rest kept", h.Method, h.URL, h.HeadersCut, mcp.RecordedHeader(h.Headers, "Date"))
		}
	}
	if cut < 2 {
		t.Fatalf("%d HTTP records say a header was cut, want every answer's (initialize, tools/list at least)", cut)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > size/4 {
		t.Errorf("the recording of %d answers each with a %d-byte header is %d bytes: the header was kept whole", cut, size, info.Size())
	}
}
