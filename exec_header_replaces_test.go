package main

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A header the user names with -H replaces the one mcpscope would send, as
// curl's -H does: an Mcp-Name of the user's reaches the server alone (sent
// beside mcpscope's it made a mismatch of mcpscope's own), and the server's
// -32020 is about the user's value.
func TestExecHeaderReplacesMcpscopes(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	_, errOut, code := run(t, "exec", "--no-record", "--no-listen", "-H", "Mcp-Name: other", srv.URL, "tools/call echo text=hi")
	if code == exitOK {
		t.Fatalf("a tools/call whose Mcp-Name names another tool was taken:\n%s", errOut)
	}
	var names [][]string
	for _, r := range srv.Requests() {
		if r.RPCMethod == "tools/call" {
			names = append(names, r.Header.Values("Mcp-Name"))
		}
	}
	if len(names) == 0 {
		t.Fatalf("no tools/call reached the server:\n%s", errOut)
	}
	for _, v := range names {
		if len(v) != 1 || v[0] != "other" {
			t.Errorf("the server got Mcp-Name %q, want the user's value alone", v)
		}
	}
}
