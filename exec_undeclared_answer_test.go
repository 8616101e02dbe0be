package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose server/discover declares capabilities: {} and that
// answers tools/list all the same contradicts itself: exec said nothing
// of it, and a client that trusts the capabilities never lists the tools.
func TestExecNotesAnAnswerItsCapabilitiesLeftOut(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"supportedVersions":["2026-07-28"],"capabilities":{}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	want := "the server answered tools/list though its server/discover answer declared no tools capability"
	if code != exitOK || strings.Count(out+errOut, want) != 1 {
		t.Errorf("exit %d, want one note %q\n%s\n%s", code, want, out, errOut)
	}
}
