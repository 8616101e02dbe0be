package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
)

// Two --answer lines for elicitation answer a form and a URL elicitation
// in one exec, each the one that fits: the form's fields for the form, a
// bare accept for the URL (which takes no fields), whatever their order.
func TestExecAnswerPicksTheLineThatFits(t *testing.T) {
	srv, err := demo.Start("127.0.0.1:0", demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	for _, url := range []string{srv.MCPURL(), srv.StatelessURL()} {
		out, errOut, code := run(t, "exec", "--no-record", "--answer", "elicitation accept name=Ann confirm=true", "--answer", "elicitation accept",
			url, "tools/call link_account", "tools/call confirm")
		if code != exitOK || !strings.Contains(out, "accepted: opening the page") || !strings.Contains(out, "confirmed by Ann") {
			t.Errorf("%s: exit %d, want both elicitations answered:\n%s\n%s", url, code, out, errOut)
		}
	}
}
