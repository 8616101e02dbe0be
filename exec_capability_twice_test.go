package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answer naming a capability twice, with other options each
// time, says two things of what the server offers: readers differ on
// which counts. Exec says so under initialize, where before it showed the
// last reading as the only one.
func TestExecSaysACapabilityNamedTwice(t *testing.T) {
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true},"logging":{},"tools":{}},"serverInfo":{"name":"twice","version":"1"}}}`)
		case strings.Contains(msg, `"method":"tools/list"`):
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"tools":[]}}`)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", url, "tools/list")
	want := "── initialize\n" + `⚠ its capabilities has 2 "tools" members: readers differ on which counts, and mcpscope took the last` + "\n"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q:\n%s\n%s", code, want, out, errOut)
	}
}
