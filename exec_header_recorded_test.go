package main

import (
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The recording says which headers went on the wire, not what the header
// map held: -H 'User-Agent:' (send none) was recorded as an empty
// User-Agent although net/http sends no User-Agent at all; -H 'Host;' as
// an empty Host although the URL's went; of two User-Agent lines net/http
// sends the first alone.
func TestExecRecordsHeadersAsSent(t *testing.T) {
	for _, tc := range []struct {
		name   string
		flags  []string
		wantUA []string // what the server got and the recording says; nil: none
	}{
		{"removed", []string{"-H", "User-Agent:"}, nil},
		{"empty", []string{"-H", "User-Agent;", "-H", "Host;"}, nil},
		{"two", []string{"-H", "User-Agent: first/1", "-H", "User-Agent: second/2"}, []string{"first/1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
			path := filepath.Join(t.TempDir(), "s.jsonl")
			args := append([]string{"exec", "--record", path, "--no-listen"}, tc.flags...)
			out, errOut, code := run(t, append(args, srv.URL+"/mcp", "tools/list")...)
			if code != exitOK {
				t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
			}
			for _, r := range srv.Requests() {
				if got := r.Header.Values("User-Agent"); !slices.Equal(got, tc.wantUA) {
					t.Errorf("%s: the server got User-Agent %q, want %q", r.RPCMethod, got, tc.wantUA)
				}
			}
			u, _ := url.Parse(srv.URL)
			seen := 0
			for _, rec := range readRecording(t, path) {
				if rec.Kind != mcp.KindHTTP || rec.HTTP.RequestHeaders == nil {
					continue
				}
				seen++
				h := rec.HTTP.RequestHeaders
				if got := h["User-Agent"]; !slices.Equal(got, tc.wantUA) {
					t.Errorf("%s %s recorded User-Agent %q, but %q went on the wire", rec.HTTP.Method, rec.HTTP.URL, got, tc.wantUA)
				}
				if host, ok := h["Host"]; ok && !slices.Equal(host, []string{u.Host}) {
					t.Errorf("%s %s recorded Host %q, but %q went on the wire", rec.HTTP.Method, rec.HTTP.URL, host, u.Host)
				}
			}
			if seen == 0 {
				t.Fatal("the recording holds no HTTP request")
			}
		})
	}
}

// Content-Length, Transfer-Encoding and Trailer are written by net/http
// from the body: a -H naming one would be dropped without a word (and
// recorded as if sent), so it is refused, saying why.
func TestExecRefusesHeadersNetHTTPWrites(t *testing.T) {
	for _, h := range []string{"Content-Length: 3", "transfer-encoding: chunked", "Trailer;"} {
		out, errOut, code := run(t, "exec", "--no-record", "-H", h, "http://127.0.0.1:9399/mcp", "tools/list")
		if code != exitUsage || !strings.Contains(errOut, "-H") || !strings.Contains(errOut, "cannot send it") {
			t.Errorf("-H %q: exit %d, want %d with why:\n%s\n%s", h, code, exitUsage, out, errOut)
		}
	}
}
