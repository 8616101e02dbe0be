package main

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// -H works as curl's -H does for empty values: 'Name:' removes the header
// (mcpscope's own User-Agent included, and net/http adds none in its
// place), and 'Name;' sends it with an empty value. 'X-Gone:' used to go
// out as an empty header and 'X-Empty;' was refused as no header at all.
func TestExecEmptyHeaderAsCurl(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "-H", "User-Agent:", "-H", "X-Gone:", "-H", "X-Empty;", srv.URL, "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatalf("no request reached the server:\n%s", errOut)
	}
	for _, r := range reqs {
		if v, sent := r.Header["User-Agent"]; sent {
			t.Errorf("%s: User-Agent %q sent, want none for -H 'User-Agent:'", r.RPCMethod, v)
		}
		if v, sent := r.Header["X-Gone"]; sent {
			t.Errorf("%s: X-Gone %q sent, want none for -H 'X-Gone:'", r.RPCMethod, v)
		}
		if v := r.Header.Values("X-Empty"); len(v) != 1 || v[0] != "" {
			t.Errorf("%s: X-Empty %q, want one empty value for -H 'X-Empty;'", r.RPCMethod, v)
		}
	}
}
