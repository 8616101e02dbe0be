package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Two --answer lines for elicitation answer a form and a URL elicitation
// in one exec, each the one that fits: the form's fields for the form, a
// bare accept for the URL (which takes no fields), whatever their order.
func TestExecAnswerPicksTheLineThatFits(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	for _, url := range []string{srv.MCPURL(), srv.StatelessURL()} {
		out, errOut, code := run(t, "exec", "--no-record", "--answer", "elicitation accept name=Ann confirm=true", "--answer", "elicitation accept",
			url, "tools/call link_account", "tools/call confirm")
		if code != exitOK || !strings.Contains(out, "accepted: opening the page") || !strings.Contains(out, "confirmed by Ann") {
			t.Errorf("%s: exit %d, want both elicitations answered:\n%s\n%s", url, code, out, errOut)
		}
	}
}

// An answer with a form's fields given to a URL elicitation (the only
// --answer for elicitation) is refused in words that say this one only
// asks to open a link and what answers it, not "only an accepted form
// takes fields; accept takes none", which reads as a contradiction.
func TestExecAnswerWithFieldsForAURLElicitation(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out, errOut, code := run(t, "exec", "--no-record", "--answer", "elicitation accept name=Ann", srv.MCPURL(), "tools/call link_account service=acme")
	if code != exitFailed || !strings.Contains(out+errOut, "this elicitation asks to open a URL (mode url), and its answer takes no fields: answer it with a bare accept, decline or cancel") {
		t.Errorf("exit %d, want the URL elicitation's refusal to say what answers it:\n%s\n%s", code, out, errOut)
	}
}
