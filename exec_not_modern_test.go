package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Asked for 2026-07-28 (--transport stateless, or --protocol 2026-07-28)
// by a server of an earlier revision, exec says what to leave out. mcp-go
// serving only 2025 versions (WithStreamableHTTPProtocolVersions) answers
// server/discover 400 -32022 naming them; exec said "the server speaks the
// initialize era only (…)" and no more.
func TestExecSaysHowToReachAnEarlierServer(t *testing.T) {
	stateDir(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		id := mcptest.RawID(string(body))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"error":{"code":-32022,"message":"unsupported protocol version: \"2026-07-28\"","data":{"supported":["2025-11-25","2025-06-18","2025-03-26"],"requested":"2026-07-28"}}}`)
	}))
	t.Cleanup(srv.Close)
	for _, flags := range [][]string{{"--transport", "stateless"}, {"--protocol", "2026-07-28"}} {
		args := append(append([]string{"exec", "--no-record"}, flags...), srv.URL+"/mcp", "tools/list")
		out, errOut, code := run(t, args...)
		if code != exitConnect {
			t.Fatalf("%v: exit %d, want %d\n%s\n%s", flags, code, exitConnect, out, errOut)
		}
		if !strings.Contains(errOut, "initialize era only") || !strings.Contains(errOut, "hint: the server is of an earlier revision: leave out --transport stateless") {
			t.Errorf("%v: no advice on reaching the server:\n%s", flags, errOut)
		}
	}
}
