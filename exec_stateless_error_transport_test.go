package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A failed POST of a 2026 (stateless) session is recorded as the
// stateless transport's failure, the transport the session speaks, not
// as streamable HTTP's.
func TestExecStatelessPostFailureNamesStateless(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		x.Status(http.StatusInternalServerError, "text/plain", "broken")
	}})
	out, errOut, _ := run(t, "exec", "--no-record", "--json", "--transport", "stateless", srv.URL, "tools/list")
	found := 0
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			Kind  string `json:"kind"`
			Error *struct {
				Transport string `json:"transport"`
				Status    int    `json:"status"`
			} `json:"error"`
		}
		if json.Unmarshal(sc.Bytes(), &rec) != nil || rec.Error == nil || rec.Error.Status != http.StatusInternalServerError {
			continue
		}
		found++
		if rec.Error.Transport != "stateless" {
			t.Errorf("the POST's failure is recorded with transport %q, want stateless: %s", rec.Error.Transport, sc.Bytes())
		}
	}
	if found == 0 {
		t.Fatalf("no error record of the failed POST:\n%s\n%s", out, errOut)
	}
}

// A 2026 POST answered 404 with no JSON-RPC error is advised as a wrong
// path: the stateless era has no session to have expired, nor an
// initialize to send again.
func TestExecStateless404AdvisesThePath(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		x.Status(http.StatusNotFound, "text/plain", "404 page not found")
	}})
	out, errOut, _ := run(t, "exec", "--no-record", "--transport", "stateless", srv.URL, "tools/list")
	if all := out + errOut; !strings.Contains(all, "check the path") || strings.Contains(all, "initialize again") {
		t.Errorf("want the advice to check the path, and none about initializing again:\n%s\n%s", out, errOut)
	}
}
